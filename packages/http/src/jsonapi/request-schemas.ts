import { z } from 'zod'

/*
 * Building blocks of the request schemas. Each schema both validates a request body (through
 * `readDocument`) and describes it in the OpenAPI document, so the two cannot disagree.
 */

/**
 * An attribute a client may leave out. `null` counts as left out too: go-tfe sends it for every
 * unset field, so it reads as absent rather than as a wrong type.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | undefined => value ?? undefined)
}

/** An attribute whose `null` is a value of its own (clearing it), not "left out". */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullable().optional()
}

type Fields = Readonly<Record<string, readonly [name: string, schema: z.ZodType]>>
type Shape<F extends Fields> = { -readonly [K in keyof F as F[K][0]]: F[K][1] }
type Output<F extends Fields, K extends keyof F> = z.output<F[K][1]>
/** What `attributes` reads: each field by its domain name, absent when the client left it out. */
type Values<F extends Fields> = {
  -readonly [K in keyof F as undefined extends Output<F, K> ? K : never]?: Exclude<Output<F, K>, undefined>
} & { -readonly [K in keyof F as undefined extends Output<F, K> ? never : K]: Output<F, K> }

/**
 * The `attributes` of a resource: each domain field (the key) from its JSON:API attribute (the
 * name), checked by its schema. A field left out is absent from what it reads.
 */
export function attributes<const F extends Fields>(fields: F) {
  const shape = Object.fromEntries(Object.values(fields).map(([name, schema]) => [name, schema])) as Shape<F>
  return z.object(shape as Shape<F> & z.core.$ZodLooseShape).transform((values) => {
    const read: Record<string, unknown> = {}
    for (const [field, [name]] of Object.entries(fields)) {
      const value: unknown = (values as Record<string, unknown>)[name]
      if (value !== undefined) read[field] = value
    }
    return read as Values<F>
  })
}

/** A resource identifier, `{"type": …, "id": …}`. */
export function identifier<T extends string>(type: T) {
  return z.object({ type: z.literal(type), id: z.string() })
}

/**
 * A JSON:API request document whose primary data is one resource of `type`. Unknown attributes
 * are ignored, as clients send read-only ones back. `typeMayBeBlank` also takes a document
 * without a type, as go-tfe sends some settings updates; `otherTypes` are other names clients
 * give the same resource (go-tfe's platform create names the type its own way).
 */
export function resourceDocument<T extends string, A extends z.ZodType<object>, R extends z.ZodType<object> = z.ZodObject>(
  type: T,
  attributes: A,
  options: { readonly relationships?: R; readonly typeMayBeBlank?: boolean; readonly otherTypes?: readonly string[] } = {},
) {
  const named = z.literal([type, ...(options.otherTypes ?? [])])
  const typeSchema = options.typeMayBeBlank === true ? z.union([named, z.literal('')]).optional() : named
  return z.object({
    data: z.object({
      type: typeSchema,
      attributes: emptyWhenAbsent(attributes),
      relationships: emptyWhenAbsent(options.relationships ?? z.object({})),
    }),
  })
}

/**
 * An object member that may be left out: absent or null reads as an empty object, which the
 * schema then checks (so a required attribute inside is still reported missing).
 */
export function emptyWhenAbsent<S extends z.ZodType<object>>(schema: S) {
  return z.preprocess((value) => value ?? undefined, schema.prefault({} as z.input<S>))
}

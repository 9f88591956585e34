/**
 * Reading blocks out of a parsed configuration file. Both parsers yield Terraform's JSON syntax,
 * in which a block body may be an object or an array of objects (the HCL parser always uses
 * arrays, hand-written `.tf.json` mostly objects), so every accessor accepts both.
 */

export type Body = Readonly<Record<string, unknown>>

/** One block with its labels (`variable "region"` has `["region"]`). */
export interface Block {
  readonly labels: readonly string[]
  readonly body: Body
}

function isBody(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The bodies of an unlabelled block (`terraform`, `required_providers`), in order. */
export function bodiesOf(value: unknown): Body[] {
  if (Array.isArray(value)) return value.filter(isBody)
  return isBody(value) ? [value] : []
}

/**
 * The blocks of one kind with `depth` labels, e.g. `labelled(document.resource, 2)`. Keys named
 * `//` are comments in the JSON syntax and are skipped.
 */
export function labelled(value: unknown, depth: number): Block[] {
  return bodiesOf(value).flatMap((body) =>
    Object.entries(body)
      .filter(([label]) => label !== '//')
      .flatMap(([label, inner]) =>
        depth <= 1
          ? bodiesOf(inner).map((block) => ({ labels: [label], body: block }))
          : labelled(inner, depth - 1).map((block) => ({ labels: [label, ...block.labels], body: block.body })),
      ),
  )
}

/** A string attribute, or null when it is absent or not a string. */
export function stringOf(body: Body, key: string): string | null {
  const value = body[key]
  return typeof value === 'string' ? value : null
}

/** An attribute that is true only when literally `true` (an expression is not evaluated). */
export function isTrue(body: Body, key: string): boolean {
  return body[key] === true
}

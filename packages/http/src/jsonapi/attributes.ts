import { FieldErrors } from '@cairn/core'

/** What an attribute must be. `null` counts as absent, except where null is a value of its own. */
export type AttributeKind = 'string' | 'boolean' | 'integer' | 'string-or-null'

type ValueOf<K extends AttributeKind> = K extends 'boolean'
  ? boolean
  : K extends 'integer'
    ? number
    : K extends 'string'
      ? string
      : string | null

export type AttributeSpec = Readonly<Record<string, { readonly name: string; readonly kind: AttributeKind }>>

export type AttributeValues<S extends AttributeSpec> = { -readonly [F in keyof S]?: ValueOf<S[F]['kind']> }

/**
 * Reads the attributes named in `spec` (keyed by the domain field, naming the JSON:API
 * attribute), type-checking each. Unknown attributes are ignored, as clients send read-only ones
 * back; `null` means "not given" (go-tfe sends it for unset fields). Raises `invalid` naming
 * every attribute of the wrong type.
 */
export function readAttributes<S extends AttributeSpec>(
  attributes: Readonly<Record<string, unknown>>,
  spec: S,
  pointer = '/data/attributes',
): AttributeValues<S> {
  const errors = new FieldErrors()
  const values: Record<string, unknown> = {}
  for (const [field, { name, kind }] of Object.entries(spec)) {
    const value = attributes[name]
    if (value === undefined || (value === null && kind !== 'string-or-null')) continue
    if (matches(value, kind)) values[field] = value
    else errors.add(`${pointer}/${name}`, `must be ${describe(kind)}`)
  }
  errors.throwIfAny()
  return values as AttributeValues<S>
}

/** Raises `invalid` for each of `fields` that `values` lacks. */
export function requireAttributes<S extends AttributeSpec>(
  values: AttributeValues<S>,
  spec: S,
  fields: readonly (keyof S & string)[],
): void {
  const errors = new FieldErrors()
  for (const field of fields) {
    if (values[field] === undefined) errors.add(`/data/attributes/${spec[field]?.name ?? field}`, 'is required')
  }
  errors.throwIfAny()
}

function matches(value: unknown, kind: AttributeKind): boolean {
  if (kind === 'boolean') return typeof value === 'boolean'
  if (kind === 'integer') return Number.isSafeInteger(value)
  if (kind === 'string') return typeof value === 'string'
  return value === null || typeof value === 'string'
}

function describe(kind: AttributeKind): string {
  const descriptions = { boolean: 'a boolean', integer: 'a whole number', string: 'a string', 'string-or-null': 'a string or null' }
  return descriptions[kind]
}

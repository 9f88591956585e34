import { CairnError, type ErrorCode } from '@cairn/core'

/** A bad query parameter: 400 by default, naming the parameter in `source.parameter`. */
export function queryError(name: string, message: string, code: ErrorCode = 'bad_request'): CairnError {
  return new CairnError(code, `${name} ${message}`, [{ field: `?${name}`, message }])
}

/**
 * Reads `include`, a comma list. An unknown value is a 400 whose text mentions the "include
 * parameter", which the official Go client recognises.
 */
export function parseInclude<T extends string>(raw: string | undefined, allowed: readonly T[]): T[] {
  if (raw === undefined || raw === '') return []
  const values = raw.split(',').map((value) => value.trim())
  for (const value of values) {
    if (!(allowed as readonly string[]).includes(value)) {
      throw queryError('include', `parameter has an invalid value "${value}"; allowed: ${allowed.join(', ')}`)
    }
  }
  return [...new Set(values)] as T[]
}

/** Reads a `true`/`false` filter; anything else is a 400 naming it. */
export function parseBooleanFilter(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined
  if (raw === 'true' || raw === 'false') return raw === 'true'
  throw queryError(name, 'must be true or false')
}

/** A search or filter string: absent when empty. */
export function optionalText(raw: string | undefined): string | undefined {
  return raw === undefined || raw === '' ? undefined : raw
}

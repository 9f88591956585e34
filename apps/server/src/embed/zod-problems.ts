import type { FieldError } from '@cairn/core'
import type { z } from 'zod'

/**
 * Checks `value` against `schema`, answering each problem as a field (a dotted path, `[i]` for
 * array entries, empty for the value itself) and a message in Cairn's words: "is required",
 * "must be a string (got number)", "is not a known option".
 */
export function problemsOf(schema: z.ZodType, value: unknown): FieldError[] {
  const result = schema.safeParse(value, { error: messageOf })
  if (result.success) return []
  return result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: pathOf([...issue.path, key]), message: 'is unknown' }))
    return [{ field: pathOf(issue.path), message: issue.message }]
  })
}

/** `store.dataDir`, `vcs.allowedHosts[1]`. */
export function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((joined, key) => {
    if (typeof key === 'number') return `${joined}[${key}]`
    return joined === '' ? String(key) : `${joined}.${String(key)}`
  }, '')
}

/** Zod's messages, reworded; custom checks bring their own. Never quotes a value: it may be a secret. */
function messageOf(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required'
    return `must be ${article(issue.expected)} (got ${kindOf(issue.input)})`
  }
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
  return undefined
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

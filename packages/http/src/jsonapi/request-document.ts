import { CairnError, isFitText, UNFIT_TEXT } from '@cairn/core'
import type { Context } from 'hono'
import type { z } from 'zod'
import { fieldErrorsOf } from './schema-issues.ts'

/**
 * Reads a request body and validates it against `schema`, the same schema that describes the
 * body in the OpenAPI document. Raises `invalid` with a pointer for each problem.
 */
export async function readDocument<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await readJsonBody(c), { reportInput: true })
  if (!result.success) throw CairnError.invalid(fieldErrorsOf(result.error.issues))
  return result.data
}

/** The request body parsed as JSON. Raises `invalid` (pointer "") when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  let body: unknown
  try {
    body = text === '' ? {} : JSON.parse(text)
  } catch {
    throw CairnError.invalidField('', 'must be a JSON document')
  }
  const unfit = unfitText(body)
  if (unfit !== undefined) throw CairnError.invalidField('', unfit)
  return body
}

/** How deep a request document may nest; no resource of this API comes near it. */
const MAX_DEPTH = 32

/**
 * Why a parsed body cannot be taken, if it cannot: nested too deeply, or holding a NUL character
 * or a lone surrogate in any key or string. Walks without recursion, so no input can exhaust the
 * stack.
 */
function unfitText(body: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }]
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, depth } = item
    if (typeof value === 'string') {
      if (!isFitText(value)) return UNFIT_TEXT
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_DEPTH) return `must not nest deeper than ${MAX_DEPTH} levels`
      const entries = Array.isArray(value) ? value : Object.entries(value as Record<string, unknown>).flat()
      for (const child of entries) pending.push({ value: child, depth: depth + 1 })
    }
  }
  return undefined
}

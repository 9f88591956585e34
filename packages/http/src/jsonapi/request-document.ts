import { CairnError } from '@cairn/core'
import type { Context } from 'hono'

/** The parts of a request's primary resource that handlers read. */
export interface RequestResource {
  readonly attributes: Readonly<Record<string, unknown>>
  readonly relationships: Readonly<Record<string, unknown>>
}

function malformed(pointer: string, message: string): CairnError {
  return CairnError.invalid([{ field: pointer, message }])
}

/**
 * Reads a JSON:API request document whose primary data must be one resource of `type`.
 * Raises `invalid` with a pointer for malformed JSON, a missing `data`, or a wrong `data.type`.
 * `typeMayBeBlank` also takes a document without a type, as go-tfe sends some settings updates.
 */
export async function readResource(c: Context, type: string, options: { readonly typeMayBeBlank?: boolean } = {}): Promise<RequestResource> {
  const body = await readJsonBody(c)
  if (!isObject(body) || !isObject(body['data'])) throw malformed('/data', 'must be a resource object')
  const data = body['data']
  const blank = data['type'] === undefined || data['type'] === ''
  if (data['type'] !== type && !(blank && options.typeMayBeBlank === true)) throw malformed('/data/type', `must be "${type}"`)
  const attributes = data['attributes'] ?? {}
  if (!isObject(attributes)) throw malformed('/data/attributes', 'must be an object')
  const relationships = data['relationships'] ?? {}
  if (!isObject(relationships)) throw malformed('/data/relationships', 'must be an object')
  return { attributes, relationships }
}

/** The request body parsed as JSON. Raises `invalid` (pointer "") when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  let body: unknown
  try {
    body = text === '' ? {} : JSON.parse(text)
  } catch {
    throw malformed('', 'must be a JSON document')
  }
  const unfit = unfitText(body)
  if (unfit !== undefined) throw malformed('', unfit)
  return body
}

/** How deep a request document may nest; no resource of this API comes near it. */
const MAX_DEPTH = 32

// NUL, which no store keeps, and UTF-16 surrogates without their pair, which are not text.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNFIT_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

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
      if (UNFIT_CHARACTER.test(value)) return 'must not contain NUL characters or unpaired surrogates'
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_DEPTH) return `must not nest deeper than ${MAX_DEPTH} levels`
      const entries = Array.isArray(value) ? value : Object.entries(value as Record<string, unknown>).flat()
      for (const child of entries) pending.push({ value: child, depth: depth + 1 })
    }
  }
  return undefined
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

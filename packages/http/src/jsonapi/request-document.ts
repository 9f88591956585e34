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
 */
export async function readResource(c: Context, type: string): Promise<RequestResource> {
  const body = await readJsonBody(c)
  if (!isObject(body) || !isObject(body['data'])) throw malformed('/data', 'must be a resource object')
  const data = body['data']
  if (data['type'] !== type) throw malformed('/data/type', `must be "${type}"`)
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
  // No field of any resource may hold a NUL character; stores refuse them.
  if (containsNul(body)) throw malformed('', 'must not contain NUL characters')
  return body
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(containsNul)
  if (isObject(value)) return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item))
  return false
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

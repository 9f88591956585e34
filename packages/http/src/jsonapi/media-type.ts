import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../http-deps.ts'

export const JSON_API = 'application/vnd.api+json'

/** Answers with a JSON:API document in the JSON:API media type (its text left for `cachedRead`). */
export function jsonApi(c: Context<AppEnv>, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(underBasePath(body, c.get('basePath')))
  c.set('jsonApiBody', text)
  return c.body(text, status, { 'Content-Type': JSON_API })
}

/**
 * The document with the path-only links of its resources (`/api/v2/…`) under the app's mount
 * path: resources build their links without knowing where the host mounts the app.
 */
function underBasePath(body: unknown, basePath: string | undefined): unknown {
  if (basePath === undefined || !isRecord(body)) return body
  const resource = (value: unknown) =>
    isRecord(value) && isRecord(value['links']) ? { ...value, links: prefixed(value['links'], basePath) } : value
  const resources = (value: unknown) => (Array.isArray(value) ? value.map(resource) : resource(value))
  return {
    ...body,
    ...('data' in body && { data: resources(body['data']) }),
    ...('included' in body && { included: resources(body['included']) }),
  }
}

function prefixed(links: Record<string, unknown>, basePath: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => [name, typeof link === 'string' && link.startsWith('/') ? `${basePath}${link}` : link]),
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const JSON_API = 'application/vnd.api+json'

/** Answers with a JSON:API document in the JSON:API media type. */
export function jsonApi(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(JSON.stringify(body), status, { 'Content-Type': JSON_API })
}

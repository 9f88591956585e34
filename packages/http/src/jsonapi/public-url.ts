import type { Context } from 'hono'

/** The URL of this request as clients see it: on the configured base URL when there is one. */
export function publicUrl(c: Context, baseUrl: URL | undefined): URL {
  const url = new URL(c.req.url)
  if (baseUrl === undefined) return url
  const base = baseUrl.pathname.replace(/\/$/, '')
  return new URL(`${base}${url.pathname}${url.search}`, baseUrl.origin)
}

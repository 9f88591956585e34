import type { Context } from 'hono'
import type { HttpDeps } from '../http-deps.ts'

/** The URL of this request as clients see it: on the configured base URL when there is one. */
export function publicUrl(c: Context, baseUrl: URL | undefined): URL {
  const url = new URL(c.req.url)
  if (baseUrl === undefined) return url
  const base = baseUrl.pathname.replace(/\/$/, '')
  return new URL(`${base}${url.pathname}${url.search}`, baseUrl.origin)
}

/** Where this app's root is reached, with a trailing slash: the base URL or the request's origin, then the mount path. */
export function appRoot(c: Context, deps: Pick<HttpDeps, 'baseUrl' | 'basePath'>): URL {
  const origin = deps.baseUrl ?? new URL(new URL(c.req.url).origin)
  return new URL(`${origin.href.replace(/\/$/, '')}${deps.basePath ?? ''}/`)
}

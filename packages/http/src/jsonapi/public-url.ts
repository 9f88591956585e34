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
  return new URL(`${appRootText(c, deps)}/`)
}

/**
 * `appRoot` as text, without the trailing slash, made without parsing a URL: the registry
 * protocol's download answer puts a link on it for every request.
 */
export function appRootText(c: Context, deps: Pick<HttpDeps, 'baseUrl' | 'basePath'>): string {
  const origin = deps.baseUrl?.href.replace(/\/$/, '') ?? originOf(c.req.url)
  return `${origin}${deps.basePath ?? ''}`
}

/**
 * Scheme, host and port of a request URL, which the server adapter has already checked is well
 * formed; without the user and password an absolute-form request target may carry.
 */
function originOf(url: string): string {
  const authorityStart = url.indexOf('//') + 2
  const authority = url.slice(authorityStart, url.indexOf('/', authorityStart))
  return `${url.slice(0, authorityStart)}${authority.slice(authority.lastIndexOf('@') + 1)}`
}

import { createMiddleware } from 'hono/factory'

/**
 * A strict Content-Security-Policy: scripts and styles only from Cairn's own static files (no
 * inline code, so injected markup cannot run), images from Cairn or https, fetches to Cairn and
 * its upload host, forms only to Cairn, and no framing.
 */
export function securityHeaders(uploadOrigin: string | undefined) {
  const connect = ["'self'", ...(uploadOrigin === undefined ? [] : [uploadOrigin])].join(' ')
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https:",
    `connect-src ${connect}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
  return createMiddleware(async (c, next) => {
    await next()
    c.header('Content-Security-Policy', policy)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'same-origin')
    c.header('X-Frame-Options', 'DENY')
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })
}

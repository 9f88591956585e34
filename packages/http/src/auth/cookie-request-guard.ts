import { CairnError } from '@cairn/core'
import type { Context } from 'hono'
import { JSON_API } from '../jsonapi/media-type.ts'
import { publicUrl } from '../jsonapi/public-url.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Media types an HTML form cannot send, so a cross-site page cannot forge such a body. */
const BODY_MEDIA_TYPES = new Set([JSON_API, 'application/json'])

/**
 * The browser sends the session cookie with requests other sites make it send (CSRF). A request
 * authenticated by the cookie must therefore change state only from Cairn's own origin (`Origin`
 * equal to the base URL's, or `Sec-Fetch-Site: same-origin`), and send a body only as JSON.
 * Raises `forbidden` (403) otherwise. Bearer tokens are never sent by a browser on its own.
 */
export function assertSameOriginCookieRequest(c: Context, baseUrl: URL | undefined): void {
  if (!SAFE_METHODS.has(c.req.method)) {
    const sameOrigin = c.req.header('Origin') === publicUrl(c, baseUrl).origin || c.req.header('Sec-Fetch-Site') === 'same-origin'
    if (!sameOrigin) {
      throw new CairnError(
        'forbidden',
        "a request made with the session cookie must come from Cairn's own origin (Origin or Sec-Fetch-Site)",
      )
    }
  }
  const length = c.req.header('Content-Length')
  // Without a length the body is chunked, or the request was built in-process: a body if any.
  const hasBody = length !== undefined ? Number(length) > 0 : c.req.raw.body !== null
  const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (hasBody && !BODY_MEDIA_TYPES.has(mediaType)) {
    throw new CairnError('forbidden', `a request made with the session cookie must send its body as ${JSON_API} or application/json`)
  }
}

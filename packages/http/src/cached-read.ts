import type { Principal } from '@cairn/core'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, RouteDeps } from './http-deps.ts'
import { JSON_API } from './jsonapi/media-type.ts'

const UTF8 = new TextEncoder()

/**
 * For a GET route behind authentication whose answer depends on nothing but the store, the
 * principal and the request's URL: answers again what it answered this principal for this URL,
 * without running the handler, until a write of this process, or one another process sharing the
 * store announced, clears `answers` (or its entry expires). Only a 200 rendered by `jsonApi` is
 * kept; errors, redirects and streams never are, and neither is an answer whose reads, or whose
 * principal's authentication, may predate a write that happened while the request ran
 * (`answersGeneration`).
 *
 * Never for a route whose answer depends on the time (an expiring link, "expired" flags), shows a
 * secret once, or does anything besides reading.
 */
export function cachedRead(deps: Pick<RouteDeps, 'answers' | 'baseUrl' | 'basePath'>) {
  const { answers } = deps
  // Links are built from these and the request's URL: apps over the same use cases but mounted
  // or reached differently must not share answers.
  const app = `${deps.baseUrl?.href ?? ''} ${deps.basePath ?? ''}`
  return createMiddleware<AppEnv>(async (c, next) => {
    // `c.req.url` is the whole URL, host and query included: the origin links fall back on
    // without a base URL, and every filter and page.
    const key = `${app}\n${askedBy(c.get('principal'))}\n${c.req.url}`
    const kept = answers.peek(key)
    if (kept !== undefined) return c.body(kept.body, 200, { 'Content-Type': kept.contentType })
    await next()
    const body = c.get('jsonApiBody') as string | undefined
    if (c.res.status === 200 && body !== undefined)
      answers.keep(key, { body: UTF8.encode(body), contentType: JSON_API }, c.get('answersGeneration'))
  })
}

/**
 * The credential the request came with. Every request with it acts as the same principal, with the
 * same rights, until a write changes them (and clears the answers); two credentials never share
 * an answer, not even two of one user: a session may be an impersonation, a token is not.
 */
function askedBy(principal: Principal): string {
  switch (principal.kind) {
    case 'user':
      return principal.credential.kind === 'token' ? `token ${principal.credential.tokenId}` : `session ${principal.credential.sessionId}`
    case 'team':
    case 'organization':
      return `token ${principal.tokenId}`
    case 'operator':
      return 'operator'
  }
}

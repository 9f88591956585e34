import { CairnError, type AuthenticateSession, type AuthenticateToken, type Principal, type WriteSignal } from '@cairn/core'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../http-deps.ts'
import { assertSameOriginCookieRequest } from './cookie-request-guard.ts'

/** The cookie that carries a session (an administrator's, or an impersonation). */
export const SESSION_COOKIE = 'cairn_session'

const BEARER = /^Bearer\s+(\S+)\s*$/i

type Authenticators = {
  readonly authenticateToken: AuthenticateToken
  readonly authenticateSession: AuthenticateSession
  readonly baseUrl?: URL
}

/**
 * Who the request acts for: `Authorization: Bearer <token>`, or else the session cookie. A
 * missing, malformed, unknown, revoked or expired credential is `unauthenticated` (401); a cookie
 * request another site could have made is `forbidden` (see `assertSameOriginCookieRequest`).
 */
export async function principalOf(c: Context<AppEnv>, deps: Authenticators): Promise<Principal> {
  const header = c.req.header('Authorization')
  if (header !== undefined) {
    const match = BEARER.exec(header)
    if (match?.[1] === undefined) throw new CairnError('unauthenticated', 'the Authorization header must be "Bearer <token>"')
    return deps.authenticateToken.execute(match[1])
  }
  const cookie = getCookie(c, SESSION_COOKIE)
  if (cookie === undefined) throw new CairnError('unauthenticated', 'a bearer token is required')
  assertSameOriginCookieRequest(c, deps.baseUrl)
  return deps.authenticateSession.execute(cookie)
}

/** Every route behind this needs a credential (see `principalOf`). */
export function authenticate(deps: Authenticators & { readonly storeWrites: Pick<WriteSignal, 'generation'> }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Admin routes under /api/v2 pass this twice; authenticate once.
    // `c.get`, not `c.var`, which copies every variable into a new object.
    if ((c.get('principal') as Principal | undefined) === undefined) {
      // Before the credential is looked up: an answer `cachedRead` keeps must not predate a write
      // that changed who the principal is (a demotion, a team's access) any more than what it read.
      c.set('answersGeneration', deps.storeWrites.generation)
      c.set('principal', await principalOf(c, deps))
    }
    await next()
  })
}

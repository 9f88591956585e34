import { CairnError, type AuthenticateSession, type AuthenticateToken } from '@cairn/core'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../http-deps.ts'

/** The cookie that carries a session (an administrator's, or an impersonation). */
export const SESSION_COOKIE = 'cairn_session'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Every route behind this needs a credential: `Authorization: Bearer <token>`, or else the
 * session cookie. A missing, malformed, unknown, revoked or expired one is a 401.
 */
export function authenticate(deps: { authenticateToken: AuthenticateToken; authenticateSession: AuthenticateSession }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Admin routes under /api/v2 pass this twice; authenticate once.
    if ((c.var as Partial<AppEnv['Variables']>).principal !== undefined) return next()
    const header = c.req.header('Authorization')
    if (header !== undefined) {
      const match = BEARER.exec(header)
      if (match?.[1] === undefined) throw new CairnError('unauthenticated', 'the Authorization header must be "Bearer <token>"')
      c.set('principal', await deps.authenticateToken.execute(match[1]))
    } else {
      const cookie = getCookie(c, SESSION_COOKIE)
      if (cookie === undefined) throw new CairnError('unauthenticated', 'a bearer token is required')
      c.set('principal', await deps.authenticateSession.execute(cookie))
    }
    await next()
  })
}

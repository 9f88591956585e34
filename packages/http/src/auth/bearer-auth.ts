import { CairnError, type AuthenticateToken } from '@cairn/core'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../http-deps.ts'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** Every route behind this needs `Authorization: Bearer <token>`; anything else is a 401. */
export function bearerAuth(authenticate: AuthenticateToken) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = BEARER.exec(c.req.header('Authorization') ?? '')
    if (match?.[1] === undefined) throw new CairnError('unauthenticated', 'a bearer token is required')
    c.set('principal', await authenticate.execute(match[1]))
    await next()
  })
}

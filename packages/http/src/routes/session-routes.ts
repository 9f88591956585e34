import { Hono } from 'hono'
import { deleteCookie } from 'hono/cookie'
import { SESSION_COOKIE } from '../auth/authenticate.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { operation } from '../openapi/operation.ts'
import { noContent } from '../openapi/responses.ts'

const SIGN_OUT = operation({
  summary: 'Sign out',
  description: 'Ends the cookie session and clears the cookie.',
  tag: 'tokens',
  responses: { 204: noContent('Signed out') },
})

/** `POST /session/sign-out`: ends the cookie session server-side and clears the cookie. Mounted at /api/v2. */
export function sessionRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>().post('/session/sign-out', SIGN_OUT, async (c) => {
    await deps.signOut.execute(c.var.principal)
    deleteCookie(c, SESSION_COOKIE, { path: '/' })
    return c.body(null, 204)
  })
}

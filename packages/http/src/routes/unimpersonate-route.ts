import { CairnError, impersonatorOf, isSiteAdmin } from '@cairn/core'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { principalOf, SESSION_COOKIE } from '../auth/authenticate.ts'
import { assertSameOriginCookieRequest } from '../auth/cookie-request-guard.ts'
import { setSessionCookie } from '../auth/session-cookie.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { operation } from '../openapi/operation.ts'
import { noContent } from '../openapi/responses.ts'

const UNIMPERSONATE = operation({
  summary: 'End an impersonation',
  tag: 'admin',
  responses: { 204: noContent('Back to the administrator’s own session') },
})

/**
 * `POST …/users/actions/unimpersonate`, mounted ahead of the admin authentication: the
 * impersonation cookie is judged by its administrator, so an administrator can always leave an
 * impersonation, even of a user suspended meanwhile. Anyone else is authenticated as usual and
 * told 400 (an administrator not impersonating) or 404 (not an administrator).
 */
export function unimpersonateRoute(deps: HttpDeps) {
  return new Hono<AppEnv>().post('/', UNIMPERSONATE, async (c) => {
    const cookie = getCookie(c, SESSION_COOKIE)
    if (cookie !== undefined) assertSameOriginCookieRequest(c, deps.baseUrl)
    const ended = cookie === undefined ? undefined : await deps.impersonation.endFromCookie(cookie)
    if (ended !== undefined) {
      setSessionCookie(c, deps.baseUrl, ended.cookie)
      return c.body(null, 204)
    }
    const principal = await principalOf(c, deps)
    if (!isSiteAdmin(principal) && impersonatorOf(principal) === null) throw CairnError.notFound('resource')
    throw new CairnError('precondition', 'the client is not in an impersonation session')
  })
}

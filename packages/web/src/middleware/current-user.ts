import { isCairnError, type AuthenticateSession } from '@cairn/core'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { SESSION_LIFETIME_MS } from '@cairn/core'
import type { WebEnv } from '../web-deps.ts'
import { isHttps } from './csrf-token.ts'

/** The same cookie as the API's sessions, so that the API accepts it too (under its CSRF rule). */
const SESSION_COOKIE = 'cairn_session'

/** Who the session cookie signs in, if anyone: a cookie that no longer authenticates is dropped. */
export function currentUser(authenticateSession: AuthenticateSession) {
  return createMiddleware<WebEnv>(async (c, next) => {
    const cookie = getCookie(c, SESSION_COOKIE)
    let user: WebEnv['Variables']['user']
    if (cookie !== undefined) {
      try {
        user = await authenticateSession.execute(cookie)
      } catch (error) {
        if (!isCairnError(error, 'unauthenticated')) throw error
        clearSessionCookie(c)
      }
    }
    c.set('user', user)
    await next()
  })
}

export function setSessionCookie(c: Context, value: string, baseUrl: URL | undefined): void {
  const secure = baseUrl?.protocol === 'https:' || isHttps(c)
  setCookie(c, SESSION_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: SESSION_LIFETIME_MS / 1000 })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
}

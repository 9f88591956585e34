import { SESSION_LIFETIME_MS } from '@cairn/core'
import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import type { AppEnv } from '../http-deps.ts'
import { SESSION_COOKIE } from './authenticate.ts'

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, and Secure whenever clients reach Cairn over
 * https, whether the base URL says so or the request (or the proxy in front, by
 * X-Forwarded-Proto) came over https.
 */
export function setSessionCookie(c: Context<AppEnv>, baseUrl: URL | undefined, value: string): void {
  const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim()
  const secure = baseUrl?.protocol === 'https:' || forwarded === 'https' || new URL(c.req.url).protocol === 'https:'
  setCookie(c, SESSION_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: SESSION_LIFETIME_MS / 1000 })
}

import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { readForm } from '../read-form.ts'
import type { WebEnv } from '../web-deps.ts'

const CSRF_COOKIE = 'cairn_csrf'
/** The form field (or, for scripts, the header) that carries the token back. */
export const CSRF_FIELD = '_csrf'
export const CSRF_HEADER = 'X-CSRF-Token'
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/**
 * Double-submit CSRF tokens: a random token in a SameSite=Strict cookie that another site can
 * neither read nor set, echoed by every form. Changes are also refused unless the browser says
 * they come from this origin (hono/csrf, mounted beside this).
 */
export const csrfToken = createMiddleware<WebEnv>(async (c, next) => {
  let token = getCookie(c, CSRF_COOKIE)
  if (token === undefined || !TOKEN.test(token)) {
    token = newToken()
    setCookie(c, CSRF_COOKIE, token, { path: '/app', httpOnly: true, sameSite: 'Strict', secure: isHttps(c) })
  }
  c.set('csrfToken', token)
  await next()
})

/** Whether a state-changing request echoes this browser's token (a form that cannot be read is refused as such). */
export async function hasValidCsrfToken(c: Context<WebEnv>): Promise<boolean> {
  const sent = c.req.header(CSRF_HEADER) ?? (await readForm(c))[CSRF_FIELD]
  return typeof sent === 'string' && sent === getCookie(c, CSRF_COOKIE)
}

function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
}

export function isHttps(c: Context): boolean {
  const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim()
  return forwarded === 'https' || new URL(c.req.url).protocol === 'https:'
}

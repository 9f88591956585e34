import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isHttps } from '../middleware/csrf-token.ts'

const FLASH_COOKIE = 'cairn_flash'

/**
 * What a change tells the page it redirects to, once. A closed set of notices kept as their
 * parts, the words made here: a cookie planted by anyone else (a sibling host can set one) can
 * name another version, but say nothing else.
 */
export type Flash =
  | { readonly kind: 'version-deleted'; readonly version: string }
  | { readonly kind: 'module-deleted'; readonly version: string; readonly module: string }
  | { readonly kind: 'token-revoked' }

/** Module names, providers and versions, as the use cases accepted them. */
const PART = /^[A-Za-z0-9][A-Za-z0-9._+/-]{0,199}$/

export function setFlash(c: Context, flash: Flash): void {
  setCookie(c, FLASH_COOKIE, new URLSearchParams(flash).toString(), {
    path: '/app',
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c),
    maxAge: 60,
  })
}

/** The notice left for this page, in words, which no later page shows again. */
export function takeFlash(c: Context): string | undefined {
  const stored = getCookie(c, FLASH_COOKIE)
  if (stored === undefined) return undefined
  deleteCookie(c, FLASH_COOKIE, { path: '/app' })
  const parts = new URLSearchParams(stored)
  const [kind, version, module] = ['kind', 'version', 'module'].map((name) => parts.get(name) ?? '')
  if (kind === 'token-revoked') return 'The token was revoked: whatever still uses it is refused.'
  if (version === undefined || !PART.test(version)) return undefined
  if (kind === 'version-deleted') return `Version ${version} was deleted.`
  if (kind === 'module-deleted' && module !== undefined && PART.test(module)) {
    return `Version ${version} was deleted, and with it the module ${module}: it was the module's only version.`
  }
  return undefined
}

import type { Context } from 'hono'
import type { WebEnv } from '../web-deps.ts'
import type { PageFrame } from '../views/layout.ts'

/** The frame every page shares: title, CSRF token, the user's name, and where they are. */
export function frameOf(c: Context<WebEnv>, title: string, trail?: readonly (readonly [string, string])[]): PageFrame {
  return {
    title,
    csrfToken: c.var.csrfToken,
    ...(c.var.user !== undefined && { username: c.var.user.user.username }),
    ...(trail !== undefined && { trail }),
  }
}

import type { Context } from 'hono'
import type { WebEnv } from '../web-deps.ts'
import type { PageFrame } from '../views/layout.ts'
import { takeFlash } from './flash.ts'

/** The frame every page shares: title, CSRF token, the user's name, where they are, and what the last change did. */
export function frameOf(c: Context<WebEnv>, title: string, trail?: readonly (readonly [string, string])[]): PageFrame {
  const notice = takeFlash(c)
  return {
    title,
    csrfToken: c.var.csrfToken,
    // A placeholder user (an invitation's, with no username) cannot sign in, so a signed-in user has one.
    ...(c.var.user?.user.username != null && { username: c.var.user.user.username }),
    ...(c.var.user?.user.isSiteAdmin === true && { siteAdmin: true }),
    ...(trail !== undefined && { trail }),
    ...(notice !== undefined && { notice }),
  }
}

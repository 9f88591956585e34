import { CairnError, isCairnError } from '@cairn/core'
import { Hono } from 'hono'
import { clearSessionCookie, setSessionCookie } from '../middleware/current-user.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { signInPage } from '../views/sign-in-page.ts'

/** Only pages of this UI are places to return to after signing in: never another site. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/app\/(?![/\\])/.test(next) ? next : '/app/'
}

/** Sign in with an API token, pasted once and exchanged for a session cookie; sign out. Mounted at /app. */
export function sessionRoutes(deps: WebDeps) {
  return new Hono<WebEnv>()
    .get('/sign-in', (c) => c.html(signInPage({ csrfToken: c.var.csrfToken, next: safeNext(c.req.query('next')) })))
    .post('/sign-in', async (c) => {
      const form = await c.req.parseBody()
      const next = safeNext(form['next'])
      const token = typeof form['token'] === 'string' ? form['token'] : ''
      try {
        const started = await deps.signIn.withToken(token)
        setSessionCookie(c, started.cookie, deps.baseUrl)
        return c.redirect(next, 303)
      } catch (error) {
        if (!isCairnError(error, 'unauthenticated')) throw error
        const page = signInPage({ csrfToken: c.var.csrfToken, next, error: "That token did not sign you in: it is unknown, revoked, its user suspended, or it is a team's or organization's token." })
        return c.html(page, 401)
      }
    })
    .post('/sign-out', async (c) => {
      if (c.var.user === undefined) throw new CairnError('unauthenticated', 'not signed in')
      await deps.signOut.execute(c.var.user)
      clearSessionCookie(c)
      return c.redirect('/app/sign-in', 303)
    })
}

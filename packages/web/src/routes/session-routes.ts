import { CairnError, isCairnError } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { clearSessionCookie, setSessionCookie } from '../middleware/current-user.ts'
import { readForm, type Form } from '../read-form.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { signInPage } from '../views/sign-in-page.ts'

/**
 * Only pages of this UI are places to return to after signing in: never another site, and only
 * what a `Location` header carries as is (printable ASCII, as browsers send paths, of a bounded length).
 */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && next.length <= 2048 && /^\/app\/(?![/\\])[!-~]*$/.test(next) ? next : '/app/'
}

const TOKEN_REFUSED =
  "That token did not sign you in: it is unknown, revoked, its user suspended, or it is a team's or organization's token."
const PASSWORD_REFUSED = 'That username and password did not sign you in. Users with two-factor authentication sign in with a token.'

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Starts the session and returns to where the user was going; the form again, saying why, when refused. */
async function signInWith(
  c: Context<WebEnv>,
  deps: WebDeps,
  attempt: { readonly refusal: string; readonly start: (form: Form) => Promise<{ cookie: string }> },
) {
  const { refusal, start } = attempt
  const form = await readForm(c)
  const next = safeNext(form['next'])
  try {
    const started = await start(form)
    setSessionCookie(c, started.cookie, deps.baseUrl)
    return c.redirect(next, 303)
  } catch (error) {
    if (isCairnError(error, 'rate_limited')) {
      const wait = error.retryAfterSeconds ?? 60
      const message = `Too many failed sign-ins: wait ${Math.ceil(wait / 60)} minute(s), then try again.`
      return c.html(signInPage({ csrfToken: c.var.csrfToken, next, error: message }), 429, { 'Retry-After': String(wait) })
    }
    if (!isCairnError(error, 'unauthenticated')) throw error
    return c.html(signInPage({ csrfToken: c.var.csrfToken, next, error: refusal }), 401)
  }
}

/** Sign in with an API token (pasted once) or a password, exchanged for a session cookie; sign out. Mounted at /app. */
export function sessionRoutes(deps: WebDeps) {
  return new Hono<WebEnv>()
    .get('/sign-in', (c) => c.html(signInPage({ csrfToken: c.var.csrfToken, next: safeNext(c.req.query('next')) })))
    .post('/sign-in', (c) => signInWith(c, deps, { refusal: TOKEN_REFUSED, start: (form) => deps.signIn.withToken(text(form['token'])) }))
    .post('/sign-in/password', (c) =>
      signInWith(c, deps, {
        refusal: PASSWORD_REFUSED,
        start: (form) =>
          deps.signIn.withPassword({ username: text(form['username']), password: text(form['password']), address: c.get('clientAddress') }),
      }),
    )
    .post('/sign-out', async (c) => {
      if (c.var.user === undefined) throw new CairnError('unauthenticated', 'not signed in')
      await deps.signOut.execute(c.var.user)
      clearSessionCookie(c)
      return c.redirect('/app/sign-in', 303)
    })
}

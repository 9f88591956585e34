import { CairnError, LOGIN_TOKEN_DESCRIPTION, type LoginRequestParameters } from '@cairn/core'
import { Hono } from 'hono'
import { readForm, type Form } from '../read-form.ts'
import { loginApprovalPage, returnToCliPage } from '../views/login-approval-page.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { frameOf } from './page-frame.ts'

const TITLE = 'Sign in from the CLI'

/** A form's text fields; lists and files are not part of an authorization request. */
function textFields(form: Form): LoginRequestParameters {
  return Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/**
 * login.v1's authorization page (discovery's `authz`), mounted at /app: the CLI's request is
 * checked before anything is shown, a signed-out browser signs in and comes back (the error
 * handler's redirect keeps the query), and the approval form carries the CSRF token as every form.
 */
export function loginRoutes(deps: Pick<WebDeps, 'cliLogin'>) {
  return new Hono<WebEnv>()
    .get('/login/authorize', (c) => {
      const request = deps.cliLogin.check(c.req.query())
      const user = c.var.user
      if (user === undefined) throw new CairnError('unauthenticated', 'sign in to approve the CLI’s login')
      const page = loginApprovalPage(frameOf(c, TITLE), {
        request,
        username: user.user.username ?? '',
        tokenDescription: LOGIN_TOKEN_DESCRIPTION,
      })
      return c.html(page)
    })
    .post('/login/authorize', async (c) => {
      const form = await readForm(c)
      const user = c.var.user
      if (user === undefined) throw new CairnError('unauthenticated', 'sign in to approve the CLI’s login')
      const parameters = textFields(form)
      const approved = form['decision'] === 'approve'
      const redirect = approved ? await deps.cliLogin.approve(parameters, user) : deps.cliLogin.deny(parameters)
      return c.html(returnToCliPage(frameOf(c, TITLE), { redirect, approved }))
    })
}

import { Hono } from 'hono'
import { readForm } from '../read-form.ts'
import { TOKENS_PATH } from '../views/tokens-href.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { setFlash } from './flash.ts'
import { signedIn } from './module-target.ts'
import { tokensPageOf } from './tokens-page-of.ts'

/**
 * The token page: the user's own tokens, and the service tokens of the organizations they own.
 * A new token's secret is in the answer to the form that created it, never in a redirect or a
 * cookie, so it is shown once. Mounted at /app.
 */
export function tokenRoutes(deps: WebDeps) {
  return new Hono<WebEnv>()
    .get('/settings/tokens', (c) => tokensPageOf(c, deps))
    .post('/settings/tokens', async (c) => {
      const principal = signedIn(c)
      const form = await readForm(c)
      const description = typeof form['description'] === 'string' ? form['description'].trim() : ''
      const command = { user: { id: principal.user.id }, ...(description !== '' && { description }) }
      return tokensPageOf(c, deps, await deps.userTokens.create.execute(command, principal))
    })
    .post('/settings/tokens/:id/revoke', async (c) => {
      await deps.userTokens.revoke.execute({ tokenId: c.req.param('id') }, signedIn(c))
      return revoked(c)
    })
    .post('/settings/tokens/organizations/:org/create', async (c) => {
      const command = { organizationName: c.req.param('org') }
      return tokensPageOf(c, deps, await deps.serviceTokens.createOrganizationToken(command, signedIn(c)))
    })
    .post('/settings/tokens/organizations/:org/revoke', async (c) => {
      await deps.serviceTokens.revokeOrganizationToken({ organizationName: c.req.param('org') }, signedIn(c))
      return revoked(c)
    })
    .post('/settings/tokens/teams/:team/create', async (c) => {
      return tokensPageOf(c, deps, await deps.serviceTokens.createTeamToken({ teamId: c.req.param('team') }, signedIn(c)))
    })
    .post('/settings/tokens/teams/:team/revoke', async (c) => {
      await deps.serviceTokens.revokeTeamToken({ teamId: c.req.param('team') }, signedIn(c))
      return revoked(c)
    })
}

function revoked(c: Parameters<typeof setFlash>[0]) {
  setFlash(c, { kind: 'token-revoked' })
  return c.redirect(TOKENS_PATH, 303)
}

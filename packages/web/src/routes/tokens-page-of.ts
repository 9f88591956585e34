import { isCairnError, type CreatedToken, type OrganizationServiceTokens, type UserPrincipal } from '@cairn/core'
import type { Context } from 'hono'
import { TOKENS_PATH } from '../views/tokens-href.ts'
import { tokensPage } from '../views/tokens-page.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { signedIn } from './module-target.ts'
import { frameOf } from './page-frame.ts'

/** The token page as the signed-in user sees it, with the secret of a token just created when there is one. */
export async function tokensPageOf(c: Context<WebEnv>, deps: WebDeps, created?: CreatedToken) {
  const principal = signedIn(c)
  const tokens = await deps.userTokens.list.execute({ userId: principal.user.id }, principal)
  const organizations = await ownedServiceTokens(deps, principal)
  const fromTerraformLogin = c.req.query('source') === 'terraform-login'
  const frame = frameOf(c, 'API tokens', [
    ['Organizations', '/app/'],
    ['API tokens', TOKENS_PATH],
  ])
  return c.html(tokensPage(frame, { tokens, organizations, fromTerraformLogin, ...(created !== undefined && { created }) }))
}

/** The service tokens of the organizations the user owns; the others' the use case refuses, and the page leaves out. */
async function ownedServiceTokens(deps: WebDeps, principal: UserPrincipal): Promise<OrganizationServiceTokens[]> {
  const { items } = await deps.organizations.list({ number: 1, size: 100 }, principal)
  const owned: OrganizationServiceTokens[] = []
  for (const organization of items) {
    try {
      owned.push(await deps.organizationServiceTokens.execute({ organizationName: organization.name }, principal))
    } catch (error) {
      if (!isCairnError(error, 'not_found')) throw error
    }
  }
  return owned
}

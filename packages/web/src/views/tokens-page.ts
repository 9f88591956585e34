import type { AuthToken, CreatedToken, OrganizationServiceTokens } from '@cairn/core'
import { html } from 'hono/html'
import { copyableCode } from './copyable-code.ts'
import { csrfField, layout, type Html, type PageFrame } from './layout.ts'
import { lastUse, timeOf } from './moment.ts'
import { revokeForm, serviceTokensSection } from './service-tokens-section.ts'
import { TERRAFORM_LOGIN_QUERY, TOKENS_PATH } from './tokens-href.ts'

/** What a token made for `terraform login` is described as, unless the user says otherwise. */
export const TERRAFORM_LOGIN_DESCRIPTION = 'terraform login'

export interface TokensPageModel {
  /** The user's own active tokens. */
  readonly tokens: readonly AuthToken[]
  /** The service tokens of the organizations the user owns. */
  readonly organizations: readonly OrganizationServiceTokens[]
  /** Opened by `terraform login`: it waits for a token pasted into the terminal. */
  readonly fromTerraformLogin: boolean
  /** The token just created, whose secret is shown this once and never again. */
  readonly created?: CreatedToken
}

/** The user's API tokens, and the organizations' service tokens for their owners: list, create (shown once), revoke. */
export function tokensPage(frame: PageFrame, model: TokensPageModel): Html {
  return layout(
    frame,
    html`<h1>API tokens</h1>
${model.fromTerraformLogin ? terraformLoginNotice() : ''}
${model.created === undefined ? '' : createdToken(model, model.created)}
${userTokensSection(frame.csrfToken, model)}
${model.organizations.map((organization) => serviceTokensSection(frame.csrfToken, organization))}`,
  )
}

function terraformLoginNotice(): Html {
  return html`<section class="notice" aria-labelledby="terraform-login-heading">
  <h2 id="terraform-login-heading">Signing in terraform</h2>
  <p><code>terraform login</code> is waiting for a token in your terminal. Create one below, copy it, and paste it
    where the terminal asks for it: terraform keeps it in its credentials file.</p>
</section>`
}

function createdToken(model: TokensPageModel, created: CreatedToken): Html {
  const where = model.fromTerraformLogin ? ' Paste it into the terminal where terraform waits.' : ''
  return html`<section class="created-token" aria-labelledby="created-heading">
  <h2 id="created-heading">New token for ${subjectOf(model, created.token)}</h2>
  <p>Copy it now: Cairn keeps only a hash of it and shows it this once.${where}</p>
  ${copyableCode('new-token', created.bearer, 'Copy the token')}
</section>`
}

function userTokensSection(csrfToken: string, model: TokensPageModel): Html {
  const rows = model.tokens.map(
    (token) => html`<tr>
  <th scope="row">${token.description ?? html`<span class="hint">No description</span>`}</th>
  <td>${timeOf(token.createdAt)}</td>
  <td>${lastUse(token)}</td>
  <td>${revokeForm(csrfToken, { action: `${TOKENS_PATH}/${encodeURIComponent(token.id)}/revoke`, label: token.description ?? 'this token' })}</td>
</tr>`,
  )
  const list =
    rows.length === 0
      ? html`<p class="empty">You have no tokens yet.</p>`
      : html`<table><caption class="visually-hidden">Your tokens</caption>
<thead><tr><th scope="col">Description</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Revoke</th></tr></thead>
<tbody>${rows}</tbody></table>
<p class="hint">Cairn does not record when a token is used.</p>`
  const action = model.fromTerraformLogin ? `${TOKENS_PATH}${TERRAFORM_LOGIN_QUERY}` : TOKENS_PATH
  return html`<section aria-labelledby="user-tokens-heading">
  <h2 id="user-tokens-heading">Your tokens</h2>
  <p>A token acts as you: on the API, and for <code>terraform</code> and <code>tofu</code> with private modules and providers.</p>
  ${list}
  <form class="create-token" method="post" action="${action}">
    ${csrfField(csrfToken)}
    <label for="token-description">Description</label>
    <p class="hint" id="token-description-hint">What the token is for, to tell it apart later (at most 255 characters).</p>
    <input id="token-description" name="description" maxlength="255" aria-describedby="token-description-hint" value="${model.fromTerraformLogin ? TERRAFORM_LOGIN_DESCRIPTION : ''}">
    <button type="submit">Create a token</button>
  </form>
</section>`
}

/** Whom a new token acts for, in words. */
function subjectOf(model: TokensPageModel, token: AuthToken): string {
  if (token.kind === 'user') return 'you'
  if (token.kind === 'organization') return `the organization ${token.subjectId}`
  const team = model.organizations.flatMap(({ teams }) => teams).find(({ team }) => team.id === token.subjectId)?.team
  return team === undefined ? 'a team' : `team ${team.name} of ${team.organizationName}`
}

import type { AuthToken, OrganizationServiceTokens } from '@cairn/core'
import { html } from 'hono/html'
import { csrfField, type Html } from './layout.ts'
import { timeOf } from './moment.ts'
import { TOKENS_PATH } from './tokens-href.ts'

/** A revoke button asked twice (the summary, then the button), as deleting a version is. */
export function revokeForm(csrfToken: string, target: { readonly action: string; readonly label: string }): Html {
  return html`<details class="delete">
  <summary>Revoke <span class="visually-hidden">${target.label}</span></summary>
  <form method="post" action="${target.action}">
    ${csrfField(csrfToken)}
    <p>Whatever uses it is refused from now on.</p>
    <button type="submit">Yes, revoke ${target.label}</button>
  </form>
</details>`
}

/**
 * An owned organization's service tokens: its own and each team's, one at most each, so creating
 * one replaces the one before.
 */
export function serviceTokensSection(csrfToken: string, tokens: OrganizationServiceTokens): Html {
  const name = tokens.organizationName
  const id = `organization-${name}-heading`
  const organizationPath = `${TOKENS_PATH}/organizations/${encodeURIComponent(name)}`
  const rows = [
    row(csrfToken, { label: `the organization ${name}`, path: organizationPath, token: tokens.organizationToken }),
    ...tokens.teams.map(({ team, token }) =>
      row(csrfToken, { label: `team ${team.name}`, path: `${TOKENS_PATH}/teams/${encodeURIComponent(team.id)}`, token }),
    ),
  ]
  return html`<section aria-labelledby="${id}">
  <h2 id="${id}">Tokens of ${name}</h2>
  <p>You own ${name}: its organization token and team tokens act for the organization or team, not for you. Each has at most one; a new one replaces it.</p>
  <table><caption class="visually-hidden">Tokens of ${name}</caption>
  <thead><tr><th scope="col">For</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Change</th></tr></thead>
  <tbody>${rows}</tbody></table>
</section>`
}

function row(csrfToken: string, subject: { readonly label: string; readonly path: string; readonly token: AuthToken | null }): Html {
  const { label, path, token } = subject
  const create = html`<form class="inline" method="post" action="${path}/create">
    ${csrfField(csrfToken)}
    <button type="submit">${token === null ? 'Create' : 'Replace'} the token of ${label}</button>
  </form>`
  return html`<tr>
  <th scope="row">${label}</th>
  <td>${token === null ? 'No token' : timeOf(token.createdAt)}</td>
  <td>${token === null ? '' : 'Not recorded'}</td>
  <td>${create}${token === null ? '' : revokeForm(csrfToken, { action: `${path}/revoke`, label: `the token of ${label}` })}</td>
</tr>`
}

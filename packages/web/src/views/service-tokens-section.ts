import type { AuthToken, OrganizationServiceTokens } from '@cairn/core'
import { html } from 'hono/html'
import { csrfField, type Html } from './layout.ts'
import { lastUse, timeOf } from './moment.ts'
import { TOKENS_PATH } from './tokens-href.ts'

/** A change asked twice (the summary, then the button), as deleting a version is. */
function confirmedForm(
  csrfToken: string,
  change: { readonly action: string; readonly verb: string; readonly label: string; readonly consequence: string },
): Html {
  return html`<details class="delete">
  <summary>${change.verb} <span class="visually-hidden">${change.label}</span></summary>
  <form method="post" action="${change.action}">
    ${csrfField(csrfToken)}
    <p>${change.consequence}</p>
    <button type="submit">Yes, ${change.verb.toLowerCase()} ${change.label}</button>
  </form>
</details>`
}

/** Revoking a token, confirmed first: what uses it is refused on its next request. */
export function revokeForm(csrfToken: string, target: { readonly action: string; readonly label: string }): Html {
  return confirmedForm(csrfToken, { ...target, verb: 'Revoke', consequence: 'Whatever uses it is refused from now on.' })
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
  // Replacing revokes the current token, so it is confirmed as revoking is; a first token is not.
  const create =
    token === null
      ? html`<form class="inline" method="post" action="${path}/create">
    ${csrfField(csrfToken)}
    <button type="submit">Create the token of ${label}</button>
  </form>`
      : confirmedForm(csrfToken, {
          action: `${path}/create`,
          verb: 'Replace',
          label: `the token of ${label}`,
          consequence: 'A new token is made and this one revoked: whatever uses it is refused from now on.',
        })
  return html`<tr>
  <th scope="row">${label}</th>
  <td>${token === null ? 'No token' : timeOf(token.createdAt)}</td>
  <td>${token === null ? '' : lastUse(token)}</td>
  <td>${create}${token === null ? '' : revokeForm(csrfToken, { action: `${path}/revoke`, label: `the token of ${label}` })}</td>
</tr>`
}

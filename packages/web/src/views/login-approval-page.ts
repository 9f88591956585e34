import type { LoginRequest } from '@cairn/core'
import { html } from 'hono/html'
import { csrfField, layout, type Html, type PageFrame } from './layout.ts'

/** The request's parameters, carried through the approval form unchanged. */
function requestFields(request: LoginRequest): Html {
  const fields: readonly (readonly [string, string])[] = [
    ['response_type', 'code'],
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['state', request.state],
    ['code_challenge', request.codeChallenge],
    ['code_challenge_method', 'S256'],
  ]
  return html`${fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`
}

/** What `terraform login` / `tofu login` asks, shown to the signed-in user, who approves or denies it. */
export function loginApprovalPage(
  frame: PageFrame,
  options: { readonly request: LoginRequest; readonly username: string; readonly tokenDescription: string },
): Html {
  const { request, username, tokenDescription } = options
  const port = new URL(request.redirectUri).port
  return layout(
    frame,
    html`<h1>Sign in from the CLI</h1>
<div class="card">
<p>The Terraform or OpenTofu CLI (client <code>${request.clientId}</code>), waiting on this computer at port <code>${port}</code>, asks to sign in to Cairn as <strong>${username}</strong>.</p>
<p>Approving creates an API token for you, described as “${tokenDescription}”, which the CLI keeps in its credentials file. It acts as you until you revoke it on your API tokens page.</p>
<p>Approve only if you just ran <code>terraform login</code> or <code>tofu login</code> yourself.</p>
<form method="post" action="/app/login/authorize">
  ${csrfField(frame.csrfToken)}
  ${requestFields(request)}
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="deny">Deny</button>
</form>
</div>`,
  )
}

/**
 * Where the browser goes after the decision: the CLI's listener on localhost. A redirect answering
 * the form would be one the CSP's `form-action 'self'` blocks (browsers apply it to a form's
 * redirects), so this page moves on by itself (a meta refresh is a navigation of its own) and
 * links there too.
 */
export function returnToCliPage(frame: PageFrame, options: { readonly redirect: URL; readonly approved: boolean }): Html {
  const target = options.redirect.href
  const said = options.approved ? 'Approved: the CLI receives its token now.' : 'Denied: the CLI is told so and creates no token.'
  return layout(
    frame,
    html`<meta http-equiv="refresh" content="0;url=${target}">
<h1>Returning to the CLI</h1>
<p>${said}</p>
<p><a id="return-to-cli" href="${target}">Continue to the CLI</a> if your browser does not go there by itself, then close this tab.</p>`,
  )
}

import { html } from 'hono/html'
import { csrfField, layout, type Html } from './layout.ts'

/** The sign-in forms: an API token pasted once, or a username and password, exchanged for a session cookie. */
export function signInPage(options: { readonly csrfToken: string; readonly next: string; readonly error?: string }): Html {
  const error = options.error === undefined ? '' : html`<p class="error" role="alert" id="sign-in-error">${options.error}</p>`
  return layout(
    { title: 'Sign in', csrfToken: options.csrfToken },
    html`<h1>Sign in</h1>
${error}
<form method="post" action="/app/sign-in" class="card">
  ${csrfField(options.csrfToken)}
  <input type="hidden" name="next" value="${options.next}">
  <label for="token">API token</label>
  <p class="hint" id="token-hint">Paste a user token (from <code>POST /api/v2/users/&lt;id&gt;/authentication-tokens</code> or <code>cairn</code> on the server). It is used once to start a session and is not kept in the browser.</p>
  <input id="token" name="token" type="password" autocomplete="off" required aria-describedby="token-hint${options.error === undefined ? '' : ' sign-in-error'}">
  <button type="submit">Sign in with the token</button>
</form>
<h2>Or with a password</h2>
<form method="post" action="/app/sign-in/password" class="card">
  ${csrfField(options.csrfToken)}
  <input type="hidden" name="next" value="${options.next}">
  <label for="username">Username</label>
  <input id="username" name="username" autocomplete="username" required>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in with the password</button>
</form>`,
  )
}

import type { HtmlEscapedString } from 'hono/utils/html'
import { html } from 'hono/html'
import { CSRF_FIELD } from '../middleware/csrf-token.ts'
import { STATIC_PATHS } from '../routes/static-routes.ts'
import { PROVIDER_MIRROR_PATH } from './provider-mirror-href.ts'
import { TOKENS_PATH } from './tokens-href.ts'

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>

export interface PageFrame {
  readonly title: string
  readonly csrfToken: string
  /** The signed-in user's name; a sign-out button when present. */
  readonly username?: string
  /** Whether the signed-in user administers the site: their header links the admin pages. */
  readonly siteAdmin?: boolean
  /** Where the user is, for the breadcrumb: label and link, the last one the current page. */
  readonly trail?: readonly (readonly [string, string])[]
  /** What the change that led here did, said once. */
  readonly notice?: string
}

/** Every page: landmarks, a skip link, the breadcrumb, and the user's link to their tokens and sign-out form. */
export function layout(frame: PageFrame, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · Cairn</title>
<link rel="icon" href="${STATIC_PATHS.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${STATIC_PATHS.css}">
<script src="${STATIC_PATHS.js}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/app/">Cairn</a>
  ${
    frame.username === undefined
      ? ''
      : html`<nav class="account" aria-label="Account"><a href="${TOKENS_PATH}">API tokens</a>${frame.siteAdmin === true ? html` <a href="${PROVIDER_MIRROR_PATH}">Provider mirror</a>` : ''}</nav>
  <form class="sign-out" method="post" action="/app/sign-out">
    <span>Signed in as <strong>${frame.username}</strong></span>
    ${csrfField(frame.csrfToken)}
    <button type="submit">Sign out</button>
  </form>`
  }
</header>
${frame.trail === undefined ? '' : breadcrumb(frame.trail)}
<main id="main" tabindex="-1">
${frame.notice === undefined ? '' : html`<p class="notice" role="status">${frame.notice}</p>`}
${body}
</main>
<footer class="bottom"><p>Cairn module registry</p></footer>
</body>
</html>`
}

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`
}

function breadcrumb(trail: readonly (readonly [string, string])[]): Html {
  const items = trail.map(([label, href], index) =>
    index === trail.length - 1
      ? html`<li><a href="${href}" aria-current="page">${label}</a></li>`
      : html`<li><a href="${href}">${label}</a></li>`,
  )
  return html`<nav class="trail" aria-label="Breadcrumb"><ol>${items}</ol></nav>`
}

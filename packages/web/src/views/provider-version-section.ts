import type { ProviderPlatform, ProviderVersionView } from '@cairn/core'
import { html } from 'hono/html'
import { csrfField, type Html } from './layout.ts'
import { day } from './module-list-page.ts'
import { providerHref } from './provider-href.ts'
import { installablePlatforms } from './provider-release.ts'

/** One version of a provider: whether the CLI can install it, its files, and for those allowed a way to delete it. */
export function providerVersionSection(csrfToken: string, view: ProviderVersionView): Html {
  const { version } = view
  const id = `version-${version.version}`
  const installable = installablePlatforms(view).length > 0
  return html`<section class="provider-version" aria-labelledby="${id}">
  <h3 id="${id}">${version.version} ${installable ? html`<span class="tag">installable</span>` : html`<span class="empty">not installable yet</span>`}</h3>
  <dl class="facts">
    <div><dt>Protocols</dt><dd>${version.protocols.length === 0 ? 'none given' : version.protocols.join(', ')}</dd></div>
    <div><dt>SHA256SUMS</dt><dd>${version.shasums === null ? 'not uploaded' : 'uploaded'}</dd></div>
    <div><dt>Signature</dt><dd>${version.shasumsSignatureUploaded ? 'uploaded, verified' : 'not uploaded'}</dd></div>
    <div><dt>Signing key</dt><dd><code>${version.keyId}</code></dd></div>
    <div><dt>Created</dt><dd><time datetime="${version.createdAt.toISOString()}">${day(version.createdAt)}</time></dd></div>
  </dl>
  ${platformsTable(version.version, view.platforms)}
  ${view.permissions.canDelete ? deleteForm(csrfToken, view) : ''}
</section>`
}

function platformsTable(version: string, platforms: readonly ProviderPlatform[]): Html {
  if (platforms.length === 0) return html`<p class="empty">No platforms yet.</p>`
  const rows = platforms.map(
    (p) =>
      html`<tr><th scope="row">${p.os}</th><td>${p.arch}</td><td><code>${p.filename}</code></td><td><code class="digest">${p.shasum}</code></td><td>${p.binaryUploaded ? 'yes' : 'no'}</td><td>${p.downloads}</td></tr>`,
  )
  return html`<table class="platforms"><caption class="visually-hidden">Platforms of ${version}</caption><thead><tr>${['OS', 'Arch', 'Filename', 'SHA-256', 'Zip uploaded', 'Downloads'].map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`
}

/** Files are uploaded once, so a version with a wrong file is deleted and published again (asked twice: the summary, then the button). */
function deleteForm(csrfToken: string, view: ProviderVersionView): Html {
  const { version } = view.version
  return html`<details class="delete">
  <summary>Delete version ${version}</summary>
  <form method="post" action="${providerHref(view.provider)}/versions/${encodeURIComponent(version)}/delete">
    ${csrfField(csrfToken)}
    <p>This removes version ${version} with its platforms and files for good; its number can be published again.</p>
    <button type="submit">Yes, delete version ${version}</button>
  </form>
</details>`
}

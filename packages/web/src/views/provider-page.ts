import type { ProviderVersionView, RegistryProvider } from '@cairn/core'
import { html } from 'hono/html'
import { layout, type Html, type PageFrame } from './layout.ts'
import { plural } from './plural.ts'
import { downloadsOf, latestInstallable } from './provider-release.ts'
import { providerVersionSection } from './provider-version-section.ts'
import { requiredProvidersSnippet } from './required-providers-snippet.ts'

export interface ProviderPageModel {
  readonly provider: RegistryProvider
  /** Every version, the highest first, with its platforms. */
  readonly versions: readonly ProviderVersionView[]
  /** The registry host of the snippet's `source` (`registry.example.com`). */
  readonly host: string
}

/** A private provider: what `terraform init` installs of it, and each version's files as they arrived. */
export function providerPage(frame: PageFrame, model: ProviderPageModel): Html {
  const { provider, versions } = model
  const latest = latestInstallable(versions)
  return layout(
    frame,
    html`<h1>${provider.namespace}/${provider.name} <span class="tag">provider</span></h1>
<dl class="facts">
  <div><dt>Latest installable version</dt><dd>${latest === undefined ? 'none yet' : latest.version.version}</dd></div>
  ${latest === undefined ? '' : html`<div><dt>Signing key</dt><dd><code>${latest.version.keyId}</code></dd></div>`}
  <div><dt>Versions</dt><dd>${versions.length}</dd></div>
  <div><dt>Downloads of all versions</dt><dd>${downloadsOf(versions)}</dd></div>
</dl>
${latest === undefined ? notInstallable(versions) : usage(model, latest)}
<section aria-labelledby="versions-heading">
  <h2 id="versions-heading">Versions</h2>
  ${versions.length === 0 ? '' : html`<p>${plural(versions.length, 'version')}, the highest first.</p>`}
  ${versions.map((view) => providerVersionSection(frame.csrfToken, view))}
</section>`,
  )
}

function usage(model: ProviderPageModel, latest: ProviderVersionView): Html {
  const { provider } = model
  return requiredProvidersSnippet({
    name: provider.name,
    source: `${model.host}/${provider.namespace}/${provider.name}`,
    version: latest.version.version,
  })
}

/** Why there is no snippet yet: the CLI installs only a version with its SHA256SUMS, signature and a zip in. */
function notInstallable(versions: readonly ProviderVersionView[]): Html {
  const what =
    versions.length === 0
      ? 'This provider has no versions yet.'
      : 'No version can be installed yet: a version needs its SHA256SUMS, their signature and at least one zip uploaded.'
  return html`<p class="empty">${what} <code>pnpm cairn providers publish</code> uploads them all; see the README's “Publish a provider”.</p>`
}

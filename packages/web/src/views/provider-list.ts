import type { ProviderVersionView, RegistryProvider } from '@cairn/core'
import { html } from 'hono/html'
import { firstProvider } from './first-provider.ts'
import type { Html } from './layout.ts'
import { plural } from './plural.ts'
import { providerHref } from './provider-href.ts'
import { downloadsOf, installablePlatforms, latestInstallable } from './provider-release.ts'

/** A provider as its organization's page lists it: its versions with their platforms. */
export interface ProviderSummary {
  readonly provider: RegistryProvider
  readonly versions: readonly ProviderVersionView[]
}

export interface ProviderListModel {
  readonly organizationName: string
  /** The first providers, each with its versions. */
  readonly summaries: readonly ProviderSummary[]
  /** How many providers the organization has in all. */
  readonly total: number
  /** Where clients reach this server, for the command an organization without providers shows. */
  readonly origin: string
}

/**
 * An organization's private providers, beside its modules: each with what `terraform init` would
 * install. Not a landmark of its own: named "Providers", it would be one more match for the module
 * search's "Provider" field.
 */
export function providerList(model: ProviderListModel): Html {
  return html`<section class="providers">
  <h2 id="providers-heading">Providers</h2>
  ${model.total === 0 ? firstProvider(model.organizationName, model.origin) : rows(model)}
</section>`
}

function rows({ summaries, total }: ProviderListModel): Html {
  const items = summaries.map(({ provider, versions }) => {
    const latest = latestInstallable(versions)
    const state =
      latest === undefined
        ? html`<span>No installable version yet (${plural(versions.length, 'version')})</span>`
        : html`<span>v${latest.version.version}, ${plural(installablePlatforms(latest).length, 'platform')}</span>`
    return html`<li>
  <a href="${providerHref(provider)}"><strong>${provider.namespace}/${provider.name}</strong></a>
  ${state}
  <span>${plural(downloadsOf(versions), 'download')}</span>
</li>`
  })
  const more = total > summaries.length ? html`<p class="hint">The first ${summaries.length} of ${total} are listed.</p>` : ''
  return html`<p>${plural(total, 'provider')}</p>
<ul class="modules">${items}</ul>
${more}`
}

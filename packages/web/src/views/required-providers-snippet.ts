import { html } from 'hono/html'
import { copyableCode } from './copyable-code.ts'
import type { Html } from './layout.ts'

/** Where a provider is installed from, and which version: what the snippet puts in `required_providers`. */
export interface ProviderUsage {
  /** The provider's local name: its type, which names its resources too. */
  readonly name: string
  /** `host/namespace/name`. */
  readonly source: string
  readonly version: string
}

/** The `terraform` block that requires the provider, with a button that copies it (shown by the page script). */
export function requiredProvidersSnippet(usage: ProviderUsage): Html {
  const snippet = [
    'terraform {',
    '  required_providers {',
    `    ${usage.name} = {`,
    `      source  = "${usage.source}"`,
    `      version = "${usage.version}"`,
    '    }',
    '  }',
    '}',
  ].join('\n')
  return html`<section class="usage" aria-labelledby="usage-heading">
  <h2 id="usage-heading">Usage</h2>
  ${copyableCode('snippet', snippet, 'Copy snippet')}
</section>`
}

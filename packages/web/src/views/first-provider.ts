import { html } from 'hono/html'
import { copyableCode } from './copyable-code.ts'
import { PLACEHOLDERS } from './first-module.ts'
import type { Html } from './layout.ts'

/**
 * How an organization's first provider is published: the one command that sends a goreleaser
 * `dist/` (zips, SHA256SUMS and its detached signature) to this server, with its address and the
 * organization's name in it.
 */
export function firstProvider(organizationName: string, origin: string): Html {
  const commands = [
    `gpg --armor --export "$KEY_FINGERPRINT" > signing-key.asc   # the public key that signed SHA256SUMS`,
    `CAIRN_TOKEN='${PLACEHOLDERS.token}' pnpm --silent cairn providers publish dist \\`,
    `  --address ${origin} --organization ${organizationName} --public-key signing-key.asc`,
  ]
  return html`<div class="first-provider">
  <p class="empty">This organization has no providers yet.</p>
  <p>Those who manage its modules publish one from a goreleaser <code>dist/</code> directory, in a checkout of Cairn;
    the README's “Publish a provider” says what the command does and which other options it takes.</p>
  ${copyableCode('first-provider', commands.join('\n'), 'Copy the command')}
</div>`
}

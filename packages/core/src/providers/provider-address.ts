import { CairnError } from '../errors/cairn-error.ts'
import type { Edition } from '../shared/edition.ts'
import { parseNamespace, type RegistryName } from '../modules/module-address.ts'
import type { ProviderAddress } from './registry-provider.ts'

/**
 * A provider name: lower-case letters, digits, `-` and `_`, starting and ending with a letter or
 * digit, at most 64 characters. TFE takes `_` (go-tfe's tests name providers `provider_name`),
 * though the CLI's addresses do not: such a provider can be published but not installed.
 */
const TYPE = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/

export function parseProviderName(value: string): string {
  if (!TYPE.test(value)) {
    throw CairnError.invalidField(
      'name',
      'must be 1 to 64 lower-case letters, digits, "-" or "_", starting and ending with a letter or digit',
    )
  }
  return value
}

/** Public provider records are curated, as public modules are: only in the hosted edition (spec §1.3). */
export function assertProviderCurationAllowed(edition: Edition, registryName: RegistryName): void {
  if (registryName === 'public' && edition !== 'hosted') {
    throw new CairnError('forbidden', 'public provider records are disabled in the self-hosted edition')
  }
}

/** Where a new provider goes: a private one's namespace is its organization's name. */
export function newProviderAddress(command: {
  readonly organizationName: string
  readonly name: string
  readonly namespace?: string
  readonly registryName: RegistryName
}): ProviderAddress {
  const name = parseProviderName(command.name)
  if (command.registryName === 'public') return { registryName: 'public', namespace: parseNamespace(command.namespace ?? ''), name }
  if (command.namespace !== undefined && command.namespace !== command.organizationName) {
    throw CairnError.invalidField('namespace', "must be the organization's name for a private provider")
  }
  return { registryName: 'private', namespace: command.organizationName, name }
}

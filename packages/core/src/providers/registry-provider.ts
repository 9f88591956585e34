import type { RegistryName } from '../modules/module-address.ts'

/**
 * A provider in an organization's registry (`acme/internal`): a private provider, published to
 * Cairn, whose namespace is its organization's name; or a public one, a curated record of a
 * provider in a public registry (hosted edition only, as for modules).
 */
export interface RegistryProvider extends ProviderAddress {
  readonly id: string
  readonly organizationName: string
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** Where a provider lives: registry, namespace and name (the protocol's `type`). */
export interface ProviderAddress {
  readonly registryName: RegistryName
  readonly namespace: string
  readonly name: string
}

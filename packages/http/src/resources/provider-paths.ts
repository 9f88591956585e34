import type { ProviderVersion, RegistryProvider } from '@cairn/core'

/** The path of a provider in its organization's registry. */
export function registryProviderPath(provider: RegistryProvider): string {
  return `/api/v2/organizations/${provider.organizationName}/registry-providers/${provider.registryName}/${provider.namespace}/${provider.name}`
}

/** The path of a version of a private provider. */
export function providerVersionPath(provider: RegistryProvider, version: Pick<ProviderVersion, 'version'>): string {
  return `${registryProviderPath(provider)}/versions/${version.version}`
}

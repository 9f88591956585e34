import type { RegistryProvider } from '@cairn/core'

/** The page of a private provider. */
export function providerHref(provider: Pick<RegistryProvider, 'organizationName' | 'namespace' | 'name'>): string {
  return `/app/${[provider.organizationName, 'providers', provider.namespace, provider.name].map(encodeURIComponent).join('/')}`
}

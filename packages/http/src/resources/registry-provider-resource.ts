import type { ProviderView } from '@cairn/core'
import { toMany, toOne, type ResourceObject } from '../jsonapi/documents.ts'
import { registryProviderPath } from './provider-paths.ts'
import { includedProviderVersion } from './provider-version-resource.ts'

/**
 * A provider of an organization's registry. Its versions are a relationship only when they were
 * asked for (`include=registry-provider-versions`): go-tfe reads every linkage it gets as a version.
 */
export function registryProviderResource({ provider, permissions, versions }: ProviderView): ResourceObject {
  return {
    id: provider.id,
    type: 'registry-providers',
    attributes: {
      name: provider.name,
      namespace: provider.namespace,
      'registry-name': provider.registryName,
      permissions: { 'can-delete': permissions.canDelete },
      'created-at': provider.createdAt.toISOString(),
      'updated-at': provider.updatedAt.toISOString(),
    },
    relationships: {
      organization: toOne('organizations', provider.organizationName),
      ...(versions !== null && {
        'registry-provider-versions': toMany(
          'registry-provider-versions',
          versions.map((version) => version.id),
        ),
      }),
    },
    links: { self: registryProviderPath(provider) },
  }
}

/**
 * The versions of the providers, for `included`. Whoever may delete a provider may delete and
 * upload to its versions (both are managing the registry), so its permissions are theirs.
 */
export function includedVersionsOf(views: readonly ProviderView[]) {
  return views.flatMap(({ provider, permissions, versions }) =>
    (versions ?? []).map((version) =>
      includedProviderVersion(provider, version, { canDelete: permissions.canDelete, canUploadAsset: permissions.canDelete }),
    ),
  )
}

import type { ProviderVersion, ProviderVersionView, RegistryProvider } from '@cairn/core'
import { toMany, toOne, type ResourceObject } from '../jsonapi/documents.ts'
import { providerFileUrl, providerUploadUrl, shasumsFilename, type ProviderLinkBases } from './provider-file-links.ts'
import { providerVersionPath } from './provider-paths.ts'

type Permissions = ProviderVersionView['permissions']

/**
 * A provider version. Each of its two files has an upload link while it is missing and a download
 * link once it is in, never both: go-tfe asserts a new version has only the upload links.
 */
export function providerVersionResource(view: ProviderVersionView, bases: ProviderLinkBases): ResourceObject {
  const { version, provider, platforms, permissions, uploads, downloads } = view
  const filename = shasumsFilename(provider.name, version.version)
  const links: Record<string, string> = { self: providerVersionPath(provider, version) }
  if (uploads.shasums !== null) links['shasums-upload'] = providerUploadUrl(bases, uploads.shasums)
  if (downloads.shasums !== null) links['shasums-download'] = providerFileUrl(bases, downloads.shasums, filename)
  if (uploads.shasumsSig !== null) links['shasums-sig-upload'] = providerUploadUrl(bases, uploads.shasumsSig)
  if (downloads.shasumsSig !== null) links['shasums-sig-download'] = providerFileUrl(bases, downloads.shasumsSig, `${filename}.sig`)
  const resource = includedProviderVersion(provider, version, permissions)
  return {
    ...resource,
    relationships: {
      ...resource.relationships,
      platforms: toMany(
        'registry-provider-platforms',
        platforms.map((platform) => platform.id),
      ),
    },
    links,
  }
}

/**
 * A version as a provider's `included` shows it: its record, without its platforms or file links,
 * which a provider's answer does not carry (a version's own answer has them).
 */
export function includedProviderVersion(provider: RegistryProvider, version: ProviderVersion, permissions: Permissions): ResourceObject {
  return {
    id: version.id,
    type: 'registry-provider-versions',
    attributes: {
      version: version.version,
      'key-id': version.keyId,
      protocols: version.protocols,
      'shasums-uploaded': version.shasums !== null,
      'shasums-sig-uploaded': version.shasumsSignatureUploaded,
      permissions: { 'can-delete': permissions.canDelete, 'can-upload-asset': permissions.canUploadAsset },
      'created-at': version.createdAt.toISOString(),
      'updated-at': version.updatedAt.toISOString(),
    },
    relationships: { 'registry-provider': toOne('registry-providers', provider.id) },
  }
}

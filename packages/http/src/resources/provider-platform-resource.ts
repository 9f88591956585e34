import type { ProviderPlatformView } from '@cairn/core'
import { toOne, type ResourceObject } from '../jsonapi/documents.ts'
import { providerFileUrl, providerUploadUrl, type ProviderLinkBases } from './provider-file-links.ts'
import { providerVersionPath } from './provider-paths.ts'

/** A platform of a provider version: `provider-binary-upload` until its zip is in, then `provider-binary-download`. */
export function providerPlatformResource(view: ProviderPlatformView, bases: ProviderLinkBases): ResourceObject {
  const { platform, version, provider, permissions, upload, download } = view
  const links: Record<string, string> = {
    self: `${providerVersionPath(provider, version)}/platforms/${platform.os}/${platform.arch}`,
  }
  if (upload !== null) links['provider-binary-upload'] = providerUploadUrl(bases, upload)
  if (download !== null) links['provider-binary-download'] = providerFileUrl(bases, download, platform.filename)
  return {
    id: platform.id,
    type: 'registry-provider-platforms',
    attributes: {
      os: platform.os,
      arch: platform.arch,
      filename: platform.filename,
      shasum: platform.shasum,
      'provider-binary-uploaded': platform.binaryUploaded,
      permissions: { 'can-delete': permissions.canDelete, 'can-upload-asset': permissions.canUploadAsset },
      'created-at': platform.createdAt.toISOString(),
      'updated-at': platform.updatedAt.toISOString(),
    },
    relationships: { 'registry-provider-version': toOne('registry-provider-versions', version.id) },
    links,
  }
}

import type { OrganizationAccess } from '../organizations/organization-access.ts'
import type { Clock } from '../ports/clock.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import { signProviderDownload, signProviderUpload } from './provider-links.ts'
import { providerBinaryBlobKey, type ProviderPlatform } from './provider-platform.ts'
import { shasumsBlobKey, shasumsSignatureBlobKey, type ProviderVersion } from './provider-version.ts'
import type { ProviderFilePermissions, ProviderPlatformView, ProviderVersionView } from './provider-views.ts'
import type { RegistryProvider } from './registry-provider.ts'

export interface LinkDeps {
  readonly signer: UrlSigner
  readonly clock: Clock
}

/** What the principal may do with a provider's files: what it may do with the organization's modules. */
export function filePermissions(access: OrganizationAccess): ProviderFilePermissions {
  return { canDelete: access.canManageModules, canUploadAsset: access.canManageModules }
}

/** What the bearer of an upload link sees of what it uploaded to: it carries no credential, so no permission. */
export const NO_PERMISSIONS: ProviderFilePermissions = { canDelete: false, canUploadAsset: false }

export function versionViewOf(
  deps: LinkDeps,
  found: { readonly provider: RegistryProvider; readonly version: ProviderVersion; readonly platforms: readonly ProviderPlatform[] },
  permissions: ProviderFilePermissions,
): ProviderVersionView {
  const now = deps.clock.now()
  const { version } = found
  const sumsIn = version.shasums !== null
  const sigIn = version.shasumsSignatureUploaded
  return {
    ...found,
    permissions,
    uploads: {
      shasums: sumsIn ? null : signProviderUpload(deps.signer, { kind: 'shasums', recordId: version.id }, now),
      shasumsSig: sigIn ? null : signProviderUpload(deps.signer, { kind: 'shasums-sig', recordId: version.id }, now),
    },
    downloads: {
      shasums: sumsIn ? signProviderDownload(deps.signer, shasumsBlobKey(version.id), now) : null,
      shasumsSig: sigIn ? signProviderDownload(deps.signer, shasumsSignatureBlobKey(version.id), now) : null,
    },
  }
}

export function platformViewOf(
  deps: LinkDeps,
  found: { readonly provider: RegistryProvider; readonly version: ProviderVersion; readonly platform: ProviderPlatform },
  permissions: ProviderFilePermissions,
): ProviderPlatformView {
  const now = deps.clock.now()
  const { platform } = found
  return {
    ...found,
    permissions,
    upload: platform.binaryUploaded ? null : signProviderUpload(deps.signer, { kind: 'binary', recordId: platform.id }, now),
    download: platform.binaryUploaded ? signProviderDownload(deps.signer, providerBinaryBlobKey(platform), now) : null,
  }
}

/** Every blob key of a version and its platforms, for deleting them after the rows. */
export function blobKeysOf(version: ProviderVersion, platforms: readonly ProviderPlatform[]): string[] {
  return [shasumsBlobKey(version.id), shasumsSignatureBlobKey(version.id), ...platforms.map(providerBinaryBlobKey)]
}

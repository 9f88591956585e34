import type { GpgKey } from './gpg-key.ts'
import type { ProviderPlatform } from './provider-platform.ts'
import type { ProviderVersion } from './provider-version.ts'
import type { RegistryProvider } from './registry-provider.ts'

/** A provider as the API shows it to one principal. */
export interface ProviderView {
  readonly provider: RegistryProvider
  readonly permissions: { readonly canDelete: boolean }
  /** Its versions, newest first, when they were asked for (`include`); null otherwise. */
  readonly versions: readonly ProviderVersion[] | null
}

/** What a principal may do with a version or platform. */
export interface ProviderFilePermissions {
  readonly canDelete: boolean
  readonly canUploadAsset: boolean
}

/**
 * A version as the API shows it: for each of its two files, a signed upload object id while it is
 * missing, or a signed download token once it is in (never both).
 */
export interface ProviderVersionView {
  readonly version: ProviderVersion
  readonly provider: RegistryProvider
  readonly platforms: readonly ProviderPlatform[]
  readonly permissions: ProviderFilePermissions
  readonly uploads: { readonly shasums: string | null; readonly shasumsSig: string | null }
  readonly downloads: { readonly shasums: string | null; readonly shasumsSig: string | null }
}

/** A platform as the API shows it: an upload object id while its zip is missing, a download token once it is in. */
export interface ProviderPlatformView {
  readonly platform: ProviderPlatform
  readonly version: ProviderVersion
  readonly provider: RegistryProvider
  readonly permissions: ProviderFilePermissions
  readonly upload: string | null
  readonly download: string | null
}

/** What an upload stored, with the record it stored it for. */
export type ProviderUploadResult =
  | { readonly kind: 'shasums' | 'shasums-sig'; readonly version: ProviderVersionView }
  | { readonly kind: 'binary'; readonly platform: ProviderPlatformView }

/** The protocol's list of a provider's installable versions. */
export interface ProviderVersionsAnswer {
  readonly versions: readonly {
    readonly version: string
    readonly protocols: readonly string[]
    readonly platforms: readonly { readonly os: string; readonly arch: string }[]
  }[]
}

/** The protocol's answer for one platform's download: the signed tokens of its three files and the key. */
export interface ProviderDownloadAnswer {
  readonly protocols: readonly string[]
  readonly os: string
  readonly arch: string
  readonly filename: string
  readonly shasum: string
  readonly downloadToken: string
  readonly shasumsToken: string
  readonly shasumsSignatureToken: string
  /** The version's signing key. */
  readonly key: Pick<GpgKey, 'keyId' | 'asciiArmor'>
}

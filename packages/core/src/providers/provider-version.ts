import type { ShasumsEntry } from './shasums.ts'

/** The plugin protocol versions a provider release may speak, as the CLI negotiates them. */
export const PROVIDER_PROTOCOLS = ['4.0', '5.0', '6.0'] as const

export type ProviderProtocol = (typeof PROVIDER_PROTOCOLS)[number]

/**
 * One release of a private provider. Its files arrive through upload links: SHA256SUMS first
 * (parsed, its lines kept), then its detached signature, checked against the version's key when
 * it arrives; a signature is only ever stored once it verified. Files are uploaded once: a version
 * whose file is wrong is deleted and created again, as on Terraform Enterprise.
 */
export interface ProviderVersion {
  readonly id: string
  readonly providerId: string
  /** Normalised semver (`1.2.3`). */
  readonly version: string
  /** The id of the GPG key (in the provider's namespace) that signs SHA256SUMS, as the client sent it. */
  readonly keyId: string
  readonly protocols: readonly ProviderProtocol[]
  /** SHA256SUMS's lines once it was uploaded; null before. */
  readonly shasums: readonly ShasumsEntry[] | null
  /** Whether SHA256SUMS.sig was uploaded (and so verified against the key). */
  readonly shasumsSignatureUploaded: boolean
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** The blob holding a version's SHA256SUMS. */
export function shasumsBlobKey(versionId: string): string {
  return `providers/${versionId}/SHA256SUMS`
}

/** The blob holding a version's SHA256SUMS.sig. */
export function shasumsSignatureBlobKey(versionId: string): string {
  return `providers/${versionId}/SHA256SUMS.sig`
}

/** The key id a version names, as keys store theirs (upper-case hex): the client may have sent it in lower case. */
export function signingKeyId(version: Pick<ProviderVersion, 'keyId'>): string {
  return version.keyId.toUpperCase()
}

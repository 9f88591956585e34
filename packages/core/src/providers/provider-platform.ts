import type { ProviderVersion } from './provider-version.ts'

/** One platform's binary of a provider version: the zip the CLI downloads for `os`/`arch`. */
export interface ProviderPlatform {
  readonly id: string
  readonly versionId: string
  readonly os: string
  readonly arch: string
  /** The zip's file name, as listed in SHA256SUMS. */
  readonly filename: string
  /** Lower-case hex SHA-256 of the zip, as listed in SHA256SUMS. */
  readonly shasum: string
  /** Whether the zip was uploaded (its digest equal to `shasum`). */
  readonly binaryUploaded: boolean
  /** How often the protocol handed out this platform's download. */
  readonly downloads: number
  readonly createdAt: Date
  readonly updatedAt: Date
}

/**
 * The platforms of a version the CLI can install: those whose zip is in, and none at all until
 * the version's SHA256SUMS and its verified signature are in.
 */
export function installablePlatforms<P extends Pick<ProviderPlatform, 'versionId' | 'binaryUploaded'>>(
  version: Pick<ProviderVersion, 'id' | 'shasums' | 'shasumsSignatureUploaded'>,
  platforms: readonly P[],
): P[] {
  if (version.shasums === null || !version.shasumsSignatureUploaded) return []
  return platforms.filter((platform) => platform.versionId === version.id && platform.binaryUploaded)
}

/** The blob holding a platform's zip. */
export function providerBinaryBlobKey(platform: Pick<ProviderPlatform, 'versionId' | 'id'>): string {
  return `providers/${platform.versionId}/${platform.id}.zip`
}

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

/** The blob holding a platform's zip. */
export function providerBinaryBlobKey(platform: Pick<ProviderPlatform, 'versionId' | 'id'>): string {
  return `providers/${platform.versionId}/${platform.id}.zip`
}

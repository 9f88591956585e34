import type { MirroredProviderAddress } from '../provider-mirror/mirrored-archive.ts'
import type { ByteStream } from './module-analyzer.ts'

/** One version an origin registry offers, with its platforms (`providers.v1` versions). */
export interface OriginVersion {
  readonly version: string
  readonly platforms: readonly { readonly os: string; readonly arch: string }[]
}

/** One platform of a version at the origin, down to a platform. */
export interface OriginPlatform extends MirroredProviderAddress {
  readonly version: string
  readonly os: string
  readonly arch: string
}

/**
 * What the origin's download answer (`providers.v1` `…/download/:os/:arch`) says of a package,
 * with the SHA256SUMS and signature it links to, fetched: everything needed to check the zip
 * as the CLI would, before the zip itself is fetched.
 */
export interface OriginPackage {
  readonly platform: OriginPlatform
  readonly filename: string
  /** Lower-case hex SHA-256 of the zip, as the download answer gives it. */
  readonly sha256: string
  readonly downloadUrl: string
  readonly shasums: Uint8Array
  readonly shasumsSignature: Uint8Array
  /** The ASCII-armored public keys the download answer lists. */
  readonly signingKeys: readonly string[]
}

/**
 * The origin registries of providers (`registry.terraform.io`, `registry.opentofu.org`, …),
 * reached through service discovery on the provider's hostname, for the mirror's pull-through.
 * Nothing is cached. Every method raises:
 * - `not_found` when the origin answers 404 (no such provider, version or platform);
 * - `upstream_timeout` when the origin does not answer within the configured time;
 * - `upstream_failed` when it cannot be reached, answers another error status, answers what is
 *   not the protocol, or sends more than the configured bound.
 */
export interface ProviderOrigin {
  /** The versions the origin offers of a provider. */
  versions(address: MirroredProviderAddress): Promise<readonly OriginVersion[]>
  /** One platform's package: the download answer, its SHA256SUMS and their signature. */
  package(platform: OriginPlatform): Promise<OriginPackage>
  /** The package's zip, streamed; raises `upstream_failed` once it passes `maxBytes`. */
  zip(found: OriginPackage, maxBytes: number): ByteStream
}

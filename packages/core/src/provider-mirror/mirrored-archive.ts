/** A provider as the network mirror protocol names it: its origin registry's host, then namespace and type. */
export interface MirroredProviderAddress {
  readonly hostname: string
  readonly namespace: string
  readonly type: string
}

/**
 * One platform's zip of a provider version that the mirror holds, imported from a
 * `terraform providers mirror` tree or pulled through from the origin registry.
 */
export interface MirroredArchive extends MirroredProviderAddress {
  readonly id: string
  readonly version: string
  readonly os: string
  readonly arch: string
  /** The zip's file name, as the origin's SHA256SUMS (or the imported tree) names it. */
  readonly filename: string
  readonly size: number
  /** `h1:` hash of the zip's contents (the dirhash the CLI records in the lock file). */
  readonly h1: string
  /** Lower-case hex SHA-256 of the zip, the lock file's `zh:` hash. */
  readonly sha256: string
  readonly createdAt: Date
  /** When the CLI last fetched its `:version.json`: what an admin prunes by. */
  readonly lastUsedAt: Date
}

/** The blob holding a mirrored zip: by id, so a removed version's blob is never reused. */
export function mirroredArchiveBlobKey(archive: Pick<MirroredArchive, 'id'>): string {
  return `provider-mirror/${archive.id}.zip`
}

/** The hashes the network mirror protocol lists for an archive, `h1:` first as `terraform providers mirror` writes it. */
export function hashesOf(archive: Pick<MirroredArchive, 'h1' | 'sha256'>): string[] {
  return [archive.h1, `zh:${archive.sha256}`]
}

/** `os_arch`, the key of an archive in the protocol's `:version.json`. */
export function platformKeyOf(archive: Pick<MirroredArchive, 'os' | 'arch'>): string {
  return `${archive.os}_${archive.arch}`
}

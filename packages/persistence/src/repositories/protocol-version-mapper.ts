import type { ProtocolVersion } from '@cairn/core'
import type { StoredPartRequirements, StoredRequirements } from '../schema/stored-requirements.ts'

/** A row of `servedVersions`, as the driver returns it: column names, `bigint` as text, JSON parsed. */
export interface ServedVersionRow {
  readonly id: string
  readonly version: string
  readonly archive_blob_key: string | null
  readonly archive_sha256: string | null
  readonly archive_size: string | number | null
  /** Null for a version without metadata. */
  readonly requirements: StoredRequirements | null
}

export function toProtocolVersion(row: ServedVersionRow): ProtocolVersion {
  const { archive_blob_key: blobKey, archive_sha256: sha256, archive_size: size, requirements } = row
  const archive = blobKey !== null && sha256 !== null && size !== null ? { blobKey, sha256, size: Number(size) } : null
  const partOf = (part: StoredPartRequirements | undefined) => ({
    providers: part?.providerRequirements ?? [],
    dependencies: part?.moduleCalls ?? [],
  })
  return {
    id: row.id,
    version: row.version,
    archive,
    root: partOf(requirements?.root),
    submodules: (requirements?.submodules ?? []).map((part) => ({ path: part.path, ...partOf(part) })),
  }
}

import type { ModuleArchive, ProtocolVersion, ServedArchive } from '@cairn/core'
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

/** A row of `servedArchive`: a served version's archive columns are never null. */
export type ServedArchiveRow = Pick<ServedVersionRow, 'id' | 'archive_blob_key' | 'archive_sha256' | 'archive_size'>

function archiveOf({ archive_blob_key: blobKey, archive_sha256: sha256, archive_size: size }: ServedArchiveRow): ModuleArchive | null {
  return blobKey !== null && sha256 !== null && size !== null ? { blobKey, sha256, size: Number(size) } : null
}

export function toServedArchive(row: ServedArchiveRow): ServedArchive | undefined {
  const archive = archiveOf(row)
  return archive === null ? undefined : { id: row.id, archive }
}

export function toProtocolVersion(row: ServedVersionRow): ProtocolVersion {
  const { requirements } = row
  const archive = archiveOf(row)
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

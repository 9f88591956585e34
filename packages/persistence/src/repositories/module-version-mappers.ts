import { ModuleVersion, versionDescription, type AttemptStatus, type ModuleVersionState, type ModuleVersionSummary } from '@cairn/core'
import type { ModuleVersionRecord } from '../schema/module-version.schema.ts'
import { storedRequirementsOf } from '../schema/stored-requirements.ts'
import { timestampOf } from './row-values.ts'

export function toModuleVersion(record: ModuleVersionRecord): ModuleVersion {
  return new ModuleVersion({ ...versionStateOf({ ...record, module: record.module.id }), metadata: record.metadata ?? null })
}

/**
 * A version's row without its metadata, as plain data: its module is the module's key, its
 * archive size (a `bigint` column) may come as text, and its times as text.
 */
type ModuleVersionData = Omit<
  ModuleVersionRecord,
  'metadata' | 'requirements' | 'description' | 'module' | 'archiveSize' | 'attemptAt' | 'createdAt' | 'updatedAt'
> & {
  readonly module: string
  readonly archiveSize: number | string | null | undefined
  readonly attemptAt: Date | string | null | undefined
  readonly createdAt: Date | string
  readonly updatedAt: Date | string
}

function versionStateOf(record: ModuleVersionData): Omit<ModuleVersionState, 'metadata'> {
  const { archiveBlobKey, archiveSha256, archiveSize, attemptStatus, attemptAt } = record
  const hasArchive = archiveBlobKey != null && archiveSha256 != null && archiveSize != null
  const attempt =
    attemptStatus == null || attemptAt == null
      ? null
      : {
          status: attemptStatus,
          error: record.attemptError ?? null,
          commitSha: record.attemptCommitSha ?? null,
          startedBy: record.attemptStartedBy ?? '',
          at: timestampOf(attemptAt),
        }
  return {
    id: record.id,
    moduleId: record.module,
    version: record.version,
    source: record.source,
    commitSha: record.commitSha ?? null,
    uploadGeneration: record.uploadGeneration,
    archive: hasArchive ? { blobKey: archiveBlobKey, sha256: archiveSha256, size: Number(archiveSize) } : null,
    attempt,
    createdAt: timestampOf(record.createdAt),
    updatedAt: timestampOf(record.updatedAt),
  }
}

/** A version's row without its metadata as the driver returns it: column names, `bigint` maybe as text. */
export interface ModuleVersionSummaryRow {
  readonly id: string
  readonly module_id: string
  readonly version: string
  readonly source: ModuleVersionSummary['source']
  readonly commit_sha: string | null
  readonly upload_generation: number
  readonly archive_blob_key: string | null
  readonly archive_sha256: string | null
  readonly archive_size: string | number | null
  readonly attempt_status: AttemptStatus | null
  readonly attempt_error: string | null
  readonly attempt_commit_sha: string | null
  readonly attempt_started_by: string | null
  readonly attempt_at: Date | string | null
  readonly downloads: number
  readonly description: string
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

/** A summary's downloads come from the table beside the versions (`module_version_downloads`). */
export function fromModuleVersionSummaryRow(row: ModuleVersionSummaryRow): ModuleVersionSummary {
  const state = versionStateOf({
    id: row.id,
    module: row.module_id,
    version: row.version,
    source: row.source,
    commitSha: row.commit_sha,
    uploadGeneration: row.upload_generation,
    archiveBlobKey: row.archive_blob_key,
    archiveSha256: row.archive_sha256,
    archiveSize: row.archive_size,
    attemptStatus: row.attempt_status,
    attemptError: row.attempt_error,
    attemptCommitSha: row.attempt_commit_sha,
    attemptStartedBy: row.attempt_started_by,
    attemptAt: row.attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  })
  const { metadata: _metadata, ...summary } = new ModuleVersion({ ...state, metadata: null })
  return { ...summary, downloads: row.downloads, description: row.description }
}

/** The columns of a version: its archive spread over three, its attempt over five; its status and error are derived, not stored. */
export function toModuleVersionRecord(version: ModuleVersion) {
  const { id, version: number, source, commitSha, uploadGeneration, metadata, createdAt, updatedAt, archive, attempt } = version
  return {
    id,
    version: number,
    source,
    commitSha,
    uploadGeneration,
    metadata,
    createdAt,
    updatedAt,
    requirements: storedRequirementsOf(version.metadata),
    description: versionDescription(version.metadata),
    module: version.moduleId,
    archiveBlobKey: archive?.blobKey ?? null,
    archiveSha256: archive?.sha256 ?? null,
    archiveSize: archive?.size ?? null,
    attemptStatus: attempt?.status ?? null,
    attemptError: attempt?.error ?? null,
    attemptCommitSha: attempt?.commitSha ?? null,
    attemptStartedBy: attempt?.startedBy ?? null,
    attemptAt: attempt?.at ?? null,
  }
}

import { ModuleVersion, type AttemptStatus, type ModuleVersionState, type ModuleVersionSummary, type ProtocolVersion, type RegistryModule } from '@cairn/core'
import type { ModuleVersionRecord } from '../schema/module-version.schema.ts'
import type { RegistryModuleRecord, StoredVcsRepo } from '../schema/registry-module.schema.ts'
import { timestampOf } from './row-values.ts'
import { storedRequirementsOf, type StoredPartRequirements, type StoredRequirements } from '../schema/stored-requirements.ts'

/** A registry module's row as plain data: its organization is the organization's key, its name. */
export type RegistryModuleData = Omit<RegistryModuleRecord, 'organization'> & { readonly organization: string }

export function toRegistryModule(record: RegistryModuleRecord): RegistryModule {
  return fromRegistryModuleData({ ...record, organization: record.organization.name })
}

export function fromRegistryModuleData(record: Omit<RegistryModuleData, 'webhookTokenDigest'>): RegistryModule {
  return {
    id: record.id,
    organizationName: record.organization,
    registryName: record.registryName,
    namespace: record.namespace,
    name: record.name,
    provider: record.provider,
    status: record.status,
    publishingMechanism: record.publishingMechanism,
    noCode: record.noCode,
    vcsRepo: record.vcsRepo == null ? null : { sourceDirectory: '', tagPrefix: '', ...record.vcsRepo },
    testsEnabled: record.testsEnabled,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

/** A registry module's row as the driver returns it: column names. */
export interface RegistryModuleRow {
  readonly id: string
  readonly organization_name: string
  readonly registry_name: RegistryModule['registryName']
  readonly namespace: string
  readonly name: string
  readonly provider: string
  readonly status: RegistryModule['status']
  readonly publishing_mechanism: RegistryModule['publishingMechanism']
  readonly no_code: boolean
  readonly vcs_repo: StoredVcsRepo | null
  readonly tests_enabled: boolean
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

export function fromRegistryModuleRow(row: RegistryModuleRow): RegistryModule {
  return fromRegistryModuleData({
    id: row.id,
    organization: row.organization_name,
    registryName: row.registry_name,
    namespace: row.namespace,
    name: row.name,
    provider: row.provider,
    status: row.status,
    publishingMechanism: row.publishing_mechanism,
    noCode: row.no_code,
    vcsRepo: row.vcs_repo,
    testsEnabled: row.tests_enabled,
    createdAt: timestampOf(row.created_at),
    updatedAt: timestampOf(row.updated_at),
  })
}

export function toRegistryModuleRecord(module: RegistryModule) {
  const { organizationName, ...fields } = module
  return { ...fields, organization: organizationName, webhookTokenDigest: module.vcsRepo?.webhook?.tokenDigest ?? null }
}

export function toModuleVersion(record: ModuleVersionRecord): ModuleVersion {
  return new ModuleVersion({ ...versionStateOf({ ...record, module: record.module.id }), metadata: record.metadata ?? null })
}

/**
 * A version's row without its metadata, as plain data: its module is the module's key, its
 * archive size (a `bigint` column) may come as text, and its times as text.
 */
type ModuleVersionData = Omit<ModuleVersionRecord, 'metadata' | 'requirements' | 'module' | 'archiveSize' | 'attemptAt' | 'createdAt' | 'updatedAt'> & {
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
  return { ...summary, downloads: row.downloads }
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
  const partOf = (part: StoredPartRequirements | undefined) => ({ providers: part?.providerRequirements ?? [], dependencies: part?.moduleCalls ?? [] })
  return {
    id: row.id,
    version: row.version,
    archive,
    root: partOf(requirements?.root),
    submodules: (requirements?.submodules ?? []).map((part) => ({ path: part.path, ...partOf(part) })),
  }
}

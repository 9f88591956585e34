import type { ModuleVersion, ModuleVersionSummary, RegistryModule } from '@cairn/core'
import type { ModuleVersionRecord } from '../schema/module-version.schema.ts'
import type { RegistryModuleRecord } from '../schema/registry-module.schema.ts'

export function toRegistryModule(record: RegistryModuleRecord): RegistryModule {
  return {
    id: record.id,
    organizationName: record.organization.name,
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

export function toRegistryModuleRecord(module: RegistryModule) {
  const { organizationName, ...fields } = module
  return { ...fields, organization: organizationName }
}

export function toModuleVersion(record: ModuleVersionRecord): ModuleVersion {
  const { downloads: _downloads, ...version } = toModuleVersionSummary(record)
  return { ...version, metadata: record.metadata ?? null }
}

/** A version read without its metadata column. */
export function toModuleVersionSummary(record: Omit<ModuleVersionRecord, 'metadata'>): ModuleVersionSummary {
  const { archiveBlobKey, archiveSha256, archiveSize } = record
  const hasArchive = archiveBlobKey != null && archiveSha256 != null && archiveSize != null
  return {
    id: record.id,
    moduleId: record.module.id,
    version: record.version,
    status: record.status,
    error: record.error ?? null,
    source: record.source,
    commitSha: record.commitSha ?? null,
    uploadGeneration: record.uploadGeneration,
    archive: hasArchive ? { blobKey: archiveBlobKey, sha256: archiveSha256, size: archiveSize } : null,
    downloads: record.downloads,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

/** The columns of a version, its archive spread over three; downloads are only ever incremented. */
export function toModuleVersionRecord(version: ModuleVersion) {
  const { moduleId, archive, ...fields } = version
  return {
    ...fields,
    module: moduleId,
    archiveBlobKey: archive?.blobKey ?? null,
    archiveSha256: archive?.sha256 ?? null,
    archiveSize: archive?.size ?? null,
  }
}

import type { RegistryModule } from '@cairn/core'
import type { RegistryModuleRecord, StoredVcsRepo } from '../schema/registry-module.schema.ts'
import { timestampOf } from './row-values.ts'

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

import type { ProviderProtocol, ShasumsEntry } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { RegistryProviderSchema } from './registry-provider.schema.ts'

/**
 * A release of a registry provider. SHA256SUMS's lines are kept as JSON (a few dozen entries, read
 * whole with the version); the file itself and its signature are blobs.
 */
export const RegistryProviderVersionSchema = defineEntity({
  name: 'RegistryProviderVersionRecord',
  tableName: 'registry_provider_versions',
  uniques: [{ name: 'registry_provider_versions_provider_id_version_unique', properties: ['provider', 'version'] }],
  // A provider's versions, newest semver first.
  indexes: [{ properties: ['provider', 'versionOrder'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    provider: () => p.manyToOne(RegistryProviderSchema).deleteRule('cascade'),
    version: p.string().collation(BYTE_ORDER),
    /** `semverOrderKey(version)`: sorts bytewise as semver does. */
    versionOrder: p.text().collation(BYTE_ORDER),
    keyId: p.text(),
    protocols: p.json<ProviderProtocol[]>(),
    shasums: p.json<ShasumsEntry[]>().nullable(),
    shasumsSignatureUploaded: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type RegistryProviderVersionRecord = InferEntity<typeof RegistryProviderVersionSchema>

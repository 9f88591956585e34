import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { RegistryProviderVersionSchema } from './registry-provider-version.schema.ts'

/**
 * A platform's zip of a provider version. The unique index, in os, arch order, is also the index of
 * a version's list. Downloads are counted in the row: it is narrow, and the counter is in no index.
 */
export const RegistryProviderPlatformSchema = defineEntity({
  name: 'RegistryProviderPlatformRecord',
  tableName: 'registry_provider_platforms',
  uniques: [{ name: 'registry_provider_platforms_version_id_os_arch_unique', properties: ['version', 'os', 'arch'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    version: () => p.manyToOne(RegistryProviderVersionSchema).deleteRule('cascade'),
    os: p.string().collation(BYTE_ORDER),
    arch: p.string().collation(BYTE_ORDER),
    filename: p.text(),
    shasum: p.text(),
    binaryUploaded: p.boolean(),
    downloads: p.bigint('number'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type RegistryProviderPlatformRecord = InferEntity<typeof RegistryProviderPlatformSchema>

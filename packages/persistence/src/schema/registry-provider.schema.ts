import { REGISTRY_NAMES } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'

/**
 * A provider of an organization's registry. The address is unique in its organization; the unique
 * index, in registry, namespace, name order, is also the index of the organization's list.
 */
export const RegistryProviderSchema = defineEntity({
  name: 'RegistryProviderRecord',
  tableName: 'registry_providers',
  uniques: [{ name: 'registry_providers_address_unique', properties: ['organization', 'registryName', 'namespace', 'name'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    organization: () => p.manyToOne(OrganizationSchema).deleteRule('cascade'),
    registryName: p.enum([...REGISTRY_NAMES]),
    namespace: p.string().collation(BYTE_ORDER),
    name: p.string().collation(BYTE_ORDER),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type RegistryProviderRecord = InferEntity<typeof RegistryProviderSchema>

import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'

/** The sequence that hands out GPG key ids (decimal, as Terraform Enterprise's are). */
export const GPG_KEY_IDS_SEQUENCE = 'registry_gpg_key_ids'

/**
 * A GPG key of a provider namespace, its armor byte for byte. The unique index, in namespace, key id
 * order, also serves the lookups of a namespace's keys.
 */
export const RegistryGpgKeySchema = defineEntity({
  name: 'RegistryGpgKeyRecord',
  tableName: 'registry_gpg_keys',
  uniques: [{ name: 'registry_gpg_keys_namespace_key_id_unique', properties: ['namespace', 'keyId'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    organization: () => p.manyToOne(OrganizationSchema).deleteRule('cascade'),
    namespace: p.string().collation(BYTE_ORDER),
    keyId: p.string().collation(BYTE_ORDER),
    asciiArmor: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type RegistryGpgKeyRecord = InferEntity<typeof RegistryGpgKeySchema>

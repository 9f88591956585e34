import { VCS_SERVICE_PROVIDERS } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'

/**
 * A VCS connection (OAuth client and its token). The credential is stored sealed: a dump of this
 * table alone does not reveal it.
 */
export const VcsConnectionSchema = defineEntity({
  name: 'VcsConnectionRecord',
  tableName: 'vcs_connections',
  indexes: [{ properties: ['organization', 'createdAt', 'id'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    tokenId: p.string().unique().collation(BYTE_ORDER),
    organization: () => p.manyToOne(OrganizationSchema).deleteRule('cascade'),
    name: p.string().nullable(),
    serviceProvider: p.enum([...VCS_SERVICE_PROVIDERS]),
    httpUrl: p.text(),
    apiUrl: p.text(),
    sealedCredential: p.text(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
})

export type VcsConnectionRecord = InferEntity<typeof VcsConnectionSchema>

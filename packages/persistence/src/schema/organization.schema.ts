import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

export const OrganizationSchema = defineEntity({
  name: 'OrganizationRecord',
  tableName: 'organizations',
  properties: {
    // The name is the id, as in the real API; the primary key's index serves the order by name.
    name: p.string().primary().collation(BYTE_ORDER),
    externalId: p.string().unique(),
    email: p.string(),
    speculativePlanManagementEnabled: p.boolean(),
    createdAt: p.datetime(),
  },
})

export type OrganizationRecord = InferEntity<typeof OrganizationSchema>

import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'

export const TeamSchema = defineEntity({
  name: 'TeamRecord',
  tableName: 'teams',
  // Also the index of an organization's teams in name order, and of its owners team.
  uniques: [{ name: 'teams_organization_name_name_unique', properties: ['organization', 'name'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    organization: () => p.manyToOne(OrganizationSchema).deleteRule('cascade'),
    name: p.string().collation(BYTE_ORDER),
    manageModules: p.boolean(),
    manageWorkspaces: p.boolean(),
    allowMemberTokenManagement: p.boolean(),
    createdAt: p.datetime(),
  },
})

export type TeamRecord = InferEntity<typeof TeamSchema>

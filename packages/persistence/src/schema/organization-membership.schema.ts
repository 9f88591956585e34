import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'
import { UserSchema } from './user.schema.ts'

export const OrganizationMembershipSchema = defineEntity({
  name: 'OrganizationMembershipRecord',
  tableName: 'organization_memberships',
  uniques: [{ name: 'organization_memberships_organization_name_user_id_unique', properties: ['organization', 'user'] }],
  // A list of an organization's members, oldest first (the status filter picks among those).
  indexes: [{ properties: ['organization', 'createdAt', 'id'] }],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    organization: () => p.manyToOne(OrganizationSchema).deleteRule('cascade'),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    // 'invited' or 'active' (MembershipStatus).
    status: p.string(),
    email: p.string(),
    invitedUserId: p.string().collation(BYTE_ORDER),
    invitedTeamIds: p.json<string[]>(),
    createdAt: p.datetime(),
  },
})

export type OrganizationMembershipRecord = InferEntity<typeof OrganizationMembershipSchema>

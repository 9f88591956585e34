import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { TeamSchema } from './team.schema.ts'
import { UserSchema } from './user.schema.ts'

export const TeamMemberSchema = defineEntity({
  name: 'TeamMemberRecord',
  tableName: 'team_members',
  properties: {
    team: () => p.manyToOne(TeamSchema).primary().deleteRule('cascade'),
    user: () => p.manyToOne(UserSchema).primary().deleteRule('cascade').index(),
  },
})

export type TeamMemberRecord = InferEntity<typeof TeamMemberSchema>

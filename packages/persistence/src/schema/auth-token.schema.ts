import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { OrganizationSchema } from './organization.schema.ts'
import { TeamSchema } from './team.schema.ts'
import { UserSchema } from './user.schema.ts'

/**
 * A token's subject is one of three foreign keys, the one its kind names, so that removing a
 * user, a team or an organization removes its tokens in the database, whoever removes it.
 */
export const AuthTokenSchema = defineEntity({
  name: 'AuthTokenRecord',
  tableName: 'auth_tokens',
  checks: [
    {
      name: 'auth_tokens_subject_check',
      expression: `("kind" = 'user' and "user_id" is not null and "team_id" is null and "organization_name" is null)
        or ("kind" = 'team' and "team_id" is not null and "user_id" is null and "organization_name" is null)
        or ("kind" = 'organization' and "organization_name" is not null and "user_id" is null and "team_id" is null)`,
    },
  ],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    kind: p.enum(['user', 'team', 'organization'] as const),
    user: () => p.manyToOne(UserSchema).nullable().deleteRule('cascade').index(),
    team: () => p.manyToOne(TeamSchema).nullable().deleteRule('cascade').index(),
    organization: () => p.manyToOne(OrganizationSchema).nullable().deleteRule('cascade').index(),
    description: p.string().nullable(),
    secretHash: p.string(),
    createdAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
  },
})

export type AuthTokenRecord = InferEntity<typeof AuthTokenSchema>

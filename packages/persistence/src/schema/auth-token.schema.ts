import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { UserSchema } from './user.schema.ts'

export const AuthTokenSchema = defineEntity({
  name: 'AuthTokenRecord',
  tableName: 'auth_tokens',
  properties: {
    id: p.string().primary(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    description: p.string().nullable(),
    secretHash: p.string(),
    createdAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
})

export type AuthTokenRecord = InferEntity<typeof AuthTokenSchema>

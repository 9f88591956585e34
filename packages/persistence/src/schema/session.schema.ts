import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { UserSchema } from './user.schema.ts'

export const SessionSchema = defineEntity({
  name: 'SessionRecord',
  tableName: 'sessions',
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    // Removing the administrator ends their impersonations with them.
    impersonator: () => p.manyToOne(UserSchema).nullable().deleteRule('cascade').index(),
    reason: p.text().nullable(),
    secretHash: p.string(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    endedAt: p.datetime().nullable(),
  },
})

export type SessionRecord = InferEntity<typeof SessionSchema>

import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { UserSchema } from './user.schema.ts'

export const LoginCodeSchema = defineEntity({
  name: 'LoginCodeRecord',
  tableName: 'login_codes',
  properties: {
    digest: p.string().primary().collation(BYTE_ORDER),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    sessionId: p.string().collation(BYTE_ORDER),
    clientId: p.string(),
    redirectUri: p.text(),
    codeChallenge: p.string(),
    createdAt: p.datetime(),
    // Adding a code drops those expired before it: the index keeps that a range scan.
    expiresAt: p.datetime().index(),
  },
})

export type LoginCodeRecord = InferEntity<typeof LoginCodeSchema>

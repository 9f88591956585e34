import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

export const InitialAdminTokenSchema = defineEntity({
  name: 'InitialAdminTokenRecord',
  tableName: 'initial_admin_tokens',
  properties: {
    secretHash: p.string().primary().collation(BYTE_ORDER),
    createdAt: p.datetime(),
  },
})

export type InitialAdminTokenRecord = InferEntity<typeof InitialAdminTokenSchema>

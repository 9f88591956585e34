import { defineEntity, p, type InferEntity } from '@mikro-orm/core'

export const UserSchema = defineEntity({
  name: 'UserRecord',
  tableName: 'users',
  properties: {
    id: p.string().primary(),
    username: p.string().unique(),
    email: p.string().unique(),
    isSiteAdmin: p.boolean(),
    isSuspended: p.boolean(),
    isServiceAccount: p.boolean(),
    twoFactorEnabled: p.boolean(),
    createdAt: p.datetime(),
  },
})

export type UserRecord = InferEntity<typeof UserSchema>

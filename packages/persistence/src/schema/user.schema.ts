import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'
import { trigramIndex } from './trigram-index.ts'

export const UserSchema = defineEntity({
  name: 'UserRecord',
  tableName: 'users',
  indexes: [
    // Searches: ILIKE '%…%' on either column, served by trigram indexes.
    trigramIndex('users', 'username'),
    trigramIndex('users', 'email'),
    // The admin filters pick few users: partial indexes in username order serve filter + order + limit.
    { name: 'users_site_admin_username_index', properties: ['username'], where: '"is_site_admin"' },
    { name: 'users_suspended_username_index', properties: ['username'], where: '"is_suspended"' },
  ],
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    // Unique: its index also serves the list's order by username. Null for a placeholder (an
    // invited address nobody has signed up with); placeholders sort last.
    username: p.string().unique().collation(BYTE_ORDER).nullable(),
    email: p.string().unique(),
    isSiteAdmin: p.boolean(),
    isSuspended: p.boolean(),
    isServiceAccount: p.boolean(),
    twoFactorEnabled: p.boolean(),
    createdAt: p.datetime(),
    // Lazy: read only where a password is checked, never with the user.
    passwordHash: p.text().nullable().lazy(),
  },
})

export type UserRecord = InferEntity<typeof UserSchema>

import { User } from '@cairn/core'
import type { UserRecord } from '../schema/user.schema.ts'

export function toUser(record: UserRecord): User {
  return new User({
    id: record.id,
    username: record.username ?? null,
    email: record.email,
    isSiteAdmin: record.isSiteAdmin,
    isSuspended: record.isSuspended,
    isServiceAccount: record.isServiceAccount,
    twoFactorEnabled: record.twoFactorEnabled,
    createdAt: record.createdAt,
  })
}

/** The user's columns; the password hash is written only on its own. */
export function toUserRecord(user: User): Omit<UserRecord, 'passwordHash'> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isSiteAdmin: user.isSiteAdmin,
    isSuspended: user.isSuspended,
    isServiceAccount: user.isServiceAccount,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt,
  }
}

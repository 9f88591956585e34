import { User } from '@cairn/core'
import type { UserRecord } from '../schema/user.schema.ts'
import { timestampOf } from './row-values.ts'

/** A user's row as the database returns it (column names), for lists read without the ORM's entities. */
export interface UserRow {
  readonly id: string
  readonly username: string | null
  readonly email: string
  readonly is_site_admin: boolean
  readonly is_suspended: boolean
  readonly is_service_account: boolean
  readonly two_factor_enabled: boolean
  readonly created_at: Date | string
}

export function fromUserRow(row: UserRow): User {
  return new User({
    id: row.id,
    username: row.username,
    email: row.email,
    isSiteAdmin: row.is_site_admin,
    isSuspended: row.is_suspended,
    isServiceAccount: row.is_service_account,
    twoFactorEnabled: row.two_factor_enabled,
    createdAt: timestampOf(row.created_at),
  })
}

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

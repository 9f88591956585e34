import type { Page, User, UserQuery, UserRepository, UserStatusCounts } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { UserSchema, type UserRecord } from '../schema/user.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { keptCount, keptCountRows, type KeyCondition } from './kept-counts.ts'
import { findShapedPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'
import { runShaped, shapedStatement } from './shaped-statement.ts'
import { fromUserRow, toUser, toUserRecord, type UserRow } from './user-mapper.ts'

export class MikroOrmUserRepository implements UserRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  /**
   * One prepared statement per shape of the filters; the total is the kept counts' (see
   * `keptCount`) unless the list searches, when the matches the trigram indexes find are counted.
   */
  async list(query: UserQuery): Promise<Page<User>> {
    const { search, isSiteAdmin, isSuspended } = query
    const flag = (value: boolean | undefined) => (value === undefined ? 'x' : value ? '1' : '0')
    const shape = `users_${search === undefined ? '' : 's'}${flag(isSiteAdmin)}${flag(isSuspended)}`
    const found = await findShapedPage<UserRecord, 'search', UserRow>(
      this.#em,
      shape,
      UserSchema,
      (placeholders) => {
        const conditions: FilterQuery<UserRecord>[] = []
        const keys: KeyCondition[] = []
        if (search !== undefined) {
          const pattern = placeholders.text('search')
          conditions.push({ $or: [{ username: { $ilike: pattern } }, { email: { $ilike: pattern } }] })
        }
        if (isSiteAdmin !== undefined) {
          conditions.push({ isSiteAdmin })
          keys.push({ sql: `is_site_admin = ${String(isSiteAdmin)}`, params: [] })
        }
        if (isSuspended !== undefined) {
          conditions.push({ isSuspended })
          keys.push({ sql: `is_suspended = ${String(isSuspended)}`, params: [] })
        }
        const where = { $and: conditions } as QBFilterQuery<UserRecord>
        const total = search === undefined ? keptCount(this.#em, 'user_counts', keys) : undefined
        const orderBy = { username: 'asc' } as const
        return total === undefined ? { where, orderBy, sortMatches: true } : { where, orderBy, total, keyedBy: 'username' }
      },
      { search: search === undefined ? undefined : containing(search) },
      query.page,
    )
    return pageOf(found, query.page, fromUserRow)
  }

  /** From the four counts the store keeps by kind (see `keptCount`), not from the users. */
  async statusCounts(): Promise<UserStatusCounts> {
    const statement = shapedStatement<never>(this.#em, 'user_counts', () => keptCountRows(this.#em, 'user_counts', []))
    const rows = await runShaped<{ is_site_admin: boolean; is_suspended: boolean; count: string | number }, never>(this.#em, statement, {})
    const sum = (rows: readonly { count: string | number }[]) => rows.reduce((total, row) => total + Number(row.count), 0)
    return {
      total: sum(rows),
      suspended: sum(rows.filter((row) => row.is_suspended)),
      admin: sum(rows.filter((row) => row.is_site_admin)),
    }
  }

  async findById(id: string): Promise<User | undefined> {
    const record = await this.#em.findOne(UserSchema, { id }, FRESH)
    return record === null ? undefined : toUser(record)
  }

  async findByUsername(username: string): Promise<User | undefined> {
    const record = await this.#em.findOne(UserSchema, { username }, FRESH)
    return record === null ? undefined : toUser(record)
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const record = await this.#em.findOne(UserSchema, { email }, FRESH)
    return record === null ? undefined : toUser(record)
  }

  async add(user: User): Promise<void> {
    await translated(() => this.#em.insert(UserSchema, toUserRecord(user)))
  }

  async update(user: User): Promise<void> {
    const { id, ...fields } = toUserRecord(user)
    await updatedOne('user', () => this.#em.nativeUpdate(UserSchema, { id }, fields))
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await updatedOne('user', () => this.#em.nativeUpdate(UserSchema, { id }, { passwordHash }))
  }

  async findPasswordHash(id: string): Promise<string | undefined> {
    const record = await this.#em.findOne(UserSchema, { id }, { ...FRESH, fields: ['passwordHash'] })
    return record?.passwordHash ?? undefined
  }

  /** The database removes the user's tokens, sessions, memberships and team places (cascades). */
  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(UserSchema, { id }), 'delete')
  }
}

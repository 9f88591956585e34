import type { Page, User, UserQuery, UserRepository, UserStatusCounts } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { UserSchema, type UserRecord } from '../schema/user.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { keptCount, keptCountRows, type KeyCondition } from './kept-counts.ts'
import { findShapedPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'
import { runShaped, shapedStatement, type BuiltQuery } from './shaped-statement.ts'
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
    return pageOf(await this.#page(query, false), query.page, fromUserRow)
  }

  /** The counts come in the page's statement, as a column of its rows; only an empty page reads them apart. */
  async listWithStatusCounts(query: UserQuery): Promise<{ page: Page<User>; statusCounts: UserStatusCounts }> {
    const found = await this.#page(query, true)
    const counted = found[0][0]?.[STATUS_COUNTS]
    const statusCounts = Array.isArray(counted) ? statusCountsOf(counted as KeptUserCount[]) : await this.statusCounts()
    return { page: pageOf(found, query.page, fromUserRow), statusCounts }
  }

  #page(query: UserQuery, withStatusCounts: boolean) {
    const { search, isSiteAdmin, isSuspended } = query
    const flag = (value: boolean | undefined) => (value === undefined ? 'x' : value ? '1' : '0')
    const shape = `users_${search === undefined ? '' : 's'}${flag(isSiteAdmin)}${flag(isSuspended)}${withStatusCounts ? '_c' : ''}`
    return findShapedPage<UserRecord, 'search', UserRow & { readonly [STATUS_COUNTS]?: unknown }>(
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
        const extra = withStatusCounts ? [this.#statusCountsColumn()] : []
        return total === undefined ? { where, orderBy, sortMatches: true, extra } : { where, orderBy, total, extra, keyedBy: 'username' }
      },
      { search: search === undefined ? undefined : containing(search) },
      query.page,
    )
  }

  /** The four kept counts (see `keptCount`) as a JSON array of rows. */
  #statusCountsColumn(): BuiltQuery {
    const { sql, params } = keptCountRows(this.#em, 'user_counts', [])
    return { sql: `(select json_agg(kept) from (${sql}) as kept) as ${STATUS_COUNTS}`, params }
  }

  /** From the four counts the store keeps by kind (see `keptCount`), not from the users. */
  async statusCounts(): Promise<UserStatusCounts> {
    const statement = shapedStatement<never>(this.#em, 'user_counts', () => keptCountRows(this.#em, 'user_counts', []))
    return statusCountsOf(await runShaped<KeptUserCount, never>(this.#em, statement, {}))
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

/** The column of a page's rows that holds the kept counts, with `listWithStatusCounts`. */
const STATUS_COUNTS = 'cairn_status_counts'

/** A row of the kept counts, as the driver or `json_agg` gives it. */
interface KeptUserCount {
  readonly is_site_admin: boolean
  readonly is_suspended: boolean
  readonly count: string | number
}

function statusCountsOf(rows: readonly KeptUserCount[]): UserStatusCounts {
  const sum = (rows: readonly KeptUserCount[]) => rows.reduce((total, row) => total + Number(row.count), 0)
  return {
    total: sum(rows),
    suspended: sum(rows.filter((row) => row.is_suspended)),
    admin: sum(rows.filter((row) => row.is_site_admin)),
  }
}

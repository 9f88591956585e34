import type { Page, User, UserQuery, UserRepository, UserStatusCounts } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import { raw, type QBFilterQuery, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { UserSchema, type UserRecord } from '../schema/user.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'
import { toUser, toUserRecord } from './user-mapper.ts'

export class MikroOrmUserRepository implements UserRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(query: UserQuery): Promise<Page<User>> {
    const conditions: FilterQuery<UserRecord>[] = []
    if (query.search !== undefined) {
      const pattern = containing(query.search)
      conditions.push({ $or: [{ username: { $ilike: pattern } }, { email: { $ilike: pattern } }] })
    }
    if (query.isSiteAdmin !== undefined) conditions.push({ isSiteAdmin: query.isSiteAdmin })
    if (query.isSuspended !== undefined) conditions.push({ isSuspended: query.isSuspended })
    const found = await findPage(this.#em, UserSchema, { $and: conditions } as QBFilterQuery<UserRecord>, { username: 'asc' }, query.page)
    return pageOf(found, query.page, toUser)
  }

  /** All three counts in one pass over the table. */
  async statusCounts(): Promise<UserStatusCounts> {
    const [row] = await this.#em
      .createQueryBuilder(UserSchema, 'u')
      .select([
        raw('count(*) as total'),
        raw('count(*) filter (where u.is_suspended) as suspended'),
        raw('count(*) filter (where u.is_site_admin) as admin'),
      ])
      .execute<{ total: string | number; suspended: string | number; admin: string | number }[]>('all', false)
    return { total: Number(row?.total ?? 0), suspended: Number(row?.suspended ?? 0), admin: Number(row?.admin ?? 0) }
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

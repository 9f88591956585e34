import type { User, UserRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { UserSchema } from '../schema/user.schema.ts'
import { translated } from '../translate-error.ts'
import { FRESH } from './read-options.ts'
import { toUser, toUserRecord } from './user-mapper.ts'

export class MikroOrmUserRepository implements UserRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findById(id: string): Promise<User | undefined> {
    const record = await this.#em.findOne(UserSchema, { id }, FRESH)
    return record === null ? undefined : toUser(record)
  }

  async findByUsername(username: string): Promise<User | undefined> {
    const record = await this.#em.findOne(UserSchema, { username }, FRESH)
    return record === null ? undefined : toUser(record)
  }

  async add(user: User): Promise<void> {
    await translated(() => this.#em.insert(UserSchema, toUserRecord(user)))
  }

  async update(user: User): Promise<void> {
    const { id, ...fields } = toUserRecord(user)
    await translated(() => this.#em.nativeUpdate(UserSchema, { id }, fields))
  }
}

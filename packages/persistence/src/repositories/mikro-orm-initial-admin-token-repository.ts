import type { InitialAdminToken, InitialAdminTokenRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { InitialAdminTokenSchema } from '../schema/initial-admin-token.schema.ts'
import { translated } from '../translate-error.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmInitialAdminTokenRepository implements InitialAdminTokenRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async add(token: InitialAdminToken): Promise<void> {
    await translated(() => this.#em.insert(InitialAdminTokenSchema, { secretHash: token.secretHash, createdAt: token.createdAt }))
  }

  async list(): Promise<readonly InitialAdminToken[]> {
    const records = await this.#em.find(InitialAdminTokenSchema, {}, FRESH)
    return records.map((record) => ({ secretHash: record.secretHash, createdAt: record.createdAt }))
  }

  async clear(): Promise<void> {
    await this.#em.nativeDelete(InitialAdminTokenSchema, {})
  }
}

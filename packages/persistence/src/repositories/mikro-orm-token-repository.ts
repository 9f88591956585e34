import type { AuthToken, TokenRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { AuthTokenSchema, type AuthTokenRecord } from '../schema/auth-token.schema.ts'
import { translated } from '../translate-error.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmTokenRepository implements TokenRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findById(id: string): Promise<AuthToken | undefined> {
    const record = await this.#em.findOne(AuthTokenSchema, { id }, FRESH)
    return record === null ? undefined : toAuthToken(record)
  }

  async add(token: AuthToken): Promise<void> {
    await translated(() => this.#em.insert(AuthTokenSchema, { ...fieldsOf(token), id: token.id }))
  }

  async update(token: AuthToken): Promise<void> {
    await translated(() => this.#em.nativeUpdate(AuthTokenSchema, { id: token.id }, fieldsOf(token)))
  }
}

function fieldsOf(token: AuthToken) {
  return {
    user: token.userId,
    description: token.description,
    secretHash: token.secretHash,
    createdAt: token.createdAt,
    revokedAt: token.revokedAt,
  }
}

function toAuthToken(record: AuthTokenRecord): AuthToken {
  return {
    id: record.id,
    userId: record.user.id,
    description: record.description ?? null,
    secretHash: record.secretHash,
    createdAt: record.createdAt,
    revokedAt: record.revokedAt ?? null,
  }
}

import type { LoginCode, LoginCodeRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { LoginCodeSchema, type LoginCodeRecord } from '../schema/login-code.schema.ts'
import { translated } from '../translate-error.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmLoginCodeRepository implements LoginCodeRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async add(code: LoginCode): Promise<void> {
    await translated(() => this.#em.nativeDelete(LoginCodeSchema, { expiresAt: { $lt: code.createdAt } }), 'delete')
    await translated(() =>
      this.#em.insert(LoginCodeSchema, {
        digest: code.digest,
        user: code.userId,
        sessionId: code.sessionId,
        clientId: code.clientId,
        redirectUri: code.redirectUri,
        codeChallenge: code.codeChallenge,
        createdAt: code.createdAt,
        expiresAt: code.expiresAt,
      }),
    )
  }

  async take(digest: string): Promise<LoginCode | undefined> {
    const record = await translated(() => this.#em.findOne(LoginCodeSchema, { digest }, FRESH))
    if (record === null) return undefined
    // The delete decides: of two takes that both read the code, only one deletes its row.
    const deleted = await translated(() => this.#em.nativeDelete(LoginCodeSchema, { digest }), 'delete')
    return deleted === 1 ? toLoginCode(record) : undefined
  }
}

function toLoginCode(record: LoginCodeRecord): LoginCode {
  return {
    digest: record.digest,
    userId: record.user.id,
    sessionId: record.sessionId,
    clientId: record.clientId,
    redirectUri: record.redirectUri,
    codeChallenge: record.codeChallenge,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
  }
}

import type { Session, SessionRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { SessionSchema, type SessionRecord } from '../schema/session.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmSessionRepository implements SessionRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findById(id: string): Promise<Session | undefined> {
    const record = await this.#em.findOne(SessionSchema, { id }, FRESH)
    return record === null ? undefined : toSession(record)
  }

  async add(session: Session): Promise<void> {
    await translated(() => this.#em.insert(SessionSchema, { id: session.id, ...fieldsOf(session) }))
  }

  async update(session: Session): Promise<void> {
    await updatedOne('session', () => this.#em.nativeUpdate(SessionSchema, { id: session.id }, fieldsOf(session)))
  }
}

function fieldsOf(session: Session) {
  return {
    user: session.userId,
    impersonator: session.impersonatorId,
    reason: session.reason,
    secretHash: session.secretHash,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    endedAt: session.endedAt,
  }
}

function toSession(record: SessionRecord): Session {
  return {
    id: record.id,
    userId: record.user.id,
    impersonatorId: record.impersonator?.id ?? null,
    reason: record.reason ?? null,
    secretHash: record.secretHash,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    endedAt: record.endedAt ?? null,
  }
}

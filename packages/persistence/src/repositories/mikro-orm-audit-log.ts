import type { AuditEvent, AuditEventType, AuditLog, Page, PageRequest } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { AuditEventSchema, type AuditEventRecord } from '../schema/audit-event.schema.ts'
import { translated } from '../translate-error.ts'
import { findPage, pageOf } from './paging.ts'

/** The audit log, newest first by the position the database numbers events with as they come. */
export class MikroOrmAuditLog implements AuditLog {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async record(event: AuditEvent): Promise<void> {
    await translated(() => this.#em.insert(AuditEventSchema, { ...event }))
  }

  async list(page: PageRequest): Promise<Page<AuditEvent>> {
    const found = await findPage(this.#em, AuditEventSchema, {}, { position: 'desc' }, page)
    return pageOf(found, page, toAuditEvent)
  }
}

function toAuditEvent(record: AuditEventRecord): AuditEvent {
  return {
    id: record.id,
    // Written from an AuditEventType only, by `record`.
    type: record.type as AuditEventType,
    actorId: record.actorId ?? null,
    targetId: record.targetId,
    reason: record.reason ?? null,
    occurredAt: record.occurredAt,
  }
}

import type { AuditActorKind, AuditEvent, AuditEventType, AuditLog, Page, PageRequest } from '@cairn/core'
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
    await translated(() => this.#em.insert(AuditEventSchema, { ...event, changes: [...event.changes] }))
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
    // Written from an AuditActorKind only, or null on events recorded before it was.
    actorKind: (record.actorKind ?? null) as AuditActorKind | null,
    actorId: record.actorId ?? null,
    actorTokenId: record.actorTokenId ?? null,
    targetId: record.targetId,
    targetName: record.targetName ?? null,
    organizationName: record.organizationName ?? null,
    reason: record.reason ?? null,
    changes: record.changes,
    occurredAt: record.occurredAt,
  }
}

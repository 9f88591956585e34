import type { AuditChange } from '@cairn/core'
import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

/**
 * An audit event. Actor and target are plain ids, not foreign keys: the log outlives what it
 * tells of. `position` numbers events in the order they were recorded, which orders the log
 * even among events recorded at the same instant. `actorKind` is null only on events recorded
 * before it was (an event then without actor was the operator's, a team's or an organization's).
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEventRecord',
  tableName: 'audit_events',
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    position: p.bigint('number').autoincrement().unique(),
    type: p.string(),
    actorKind: p.string().nullable(),
    actorId: p.string().nullable(),
    actorTokenId: p.string().nullable(),
    targetId: p.string(),
    targetName: p.text().nullable(),
    organizationName: p.string().nullable(),
    reason: p.text().nullable(),
    changes: p.json<AuditChange[]>(),
    occurredAt: p.datetime(),
  },
})

export type AuditEventRecord = InferEntity<typeof AuditEventSchema>

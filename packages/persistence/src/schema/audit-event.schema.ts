import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

/**
 * An audit event. Actor and target are plain ids, not foreign keys: the log outlives what it
 * tells of. `position` numbers events in the order they were recorded, which orders the log
 * even among events recorded at the same instant.
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEventRecord',
  tableName: 'audit_events',
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    position: p.bigint('number').autoincrement().unique(),
    type: p.string(),
    actorId: p.string().nullable(),
    targetId: p.string(),
    reason: p.text().nullable(),
    occurredAt: p.datetime(),
  },
})

export type AuditEventRecord = InferEntity<typeof AuditEventSchema>

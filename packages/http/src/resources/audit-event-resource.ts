import type { AuditEvent } from '@cairn/core'
import type { ResourceObject } from '../jsonapi/documents.ts'

export function auditEventResource(event: AuditEvent): ResourceObject {
  return {
    id: event.id,
    type: 'audit-events',
    attributes: {
      action: event.type,
      'actor-id': event.actorId,
      'target-id': event.targetId,
      reason: event.reason,
      'occurred-at': event.occurredAt.toISOString(),
    },
  }
}

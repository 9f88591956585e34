import type { AuditEvent } from '@cairn/core'
import type { ResourceObject } from '../jsonapi/documents.ts'

export function auditEventResource(event: AuditEvent): ResourceObject {
  return {
    id: event.id,
    type: 'audit-events',
    attributes: {
      action: event.type,
      'actor-kind': event.actorKind,
      'actor-id': event.actorId,
      'actor-token-id': event.actorTokenId,
      'target-id': event.targetId,
      'target-name': event.targetName,
      'organization-name': event.organizationName,
      reason: event.reason,
      changes: event.changes.map((change) => ({ attribute: change.attribute, from: change.from, to: change.to })),
      'occurred-at': event.occurredAt.toISOString(),
    },
  }
}

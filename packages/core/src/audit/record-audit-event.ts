import { impersonatorOf, userOf, type Principal } from '../auth/principal.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { AuditEventType } from './audit-event.ts'

/**
 * Records what a principal did. The actor is the person behind the request: during an
 * impersonation, the administrator, not the user being impersonated; null for the operator.
 */
export async function recordAuditEvent(
  deps: Pick<UseCaseDeps, 'ids' | 'clock'>,
  repositories: Repositories,
  event: { readonly type: AuditEventType; readonly principal: Principal; readonly targetId: string; readonly reason?: string },
): Promise<void> {
  await repositories.auditLog.record({
    id: deps.ids.next('ae'),
    type: event.type,
    actorId: (impersonatorOf(event.principal) ?? userOf(event.principal))?.id ?? null,
    targetId: event.targetId,
    reason: event.reason ?? null,
    occurredAt: deps.clock.now(),
  })
}

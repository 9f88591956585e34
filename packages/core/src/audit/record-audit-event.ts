import { impersonatorOf, type Principal } from '../auth/principal.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { AuditActorKind, AuditChange, AuditEventType } from './audit-event.ts'

/** Who an event names as its actor: a principal, the bearer of a signed upload link (no credential), or a module's repository. */
export type AuditActor = Principal | { readonly kind: 'upload-link' } | { readonly kind: 'vcs' }

/** What a use case tells of an event; the log adds its id, its time and the actor's fields. */
export interface AuditEventInput {
  readonly type: AuditEventType
  readonly principal: AuditActor
  readonly targetId: string
  readonly targetName?: string
  readonly organizationName?: string
  readonly reason?: string
  readonly changes?: readonly AuditChange[]
}

/**
 * Records what a principal did. The actor is the person behind the request: during an
 * impersonation, the administrator, not the user being impersonated; a team or an organization
 * for their tokens; no one for the operator. The token a request was made with is recorded too.
 */
export async function recordAuditEvent(
  deps: Pick<UseCaseDeps, 'ids' | 'clock'>,
  repositories: Repositories,
  event: AuditEventInput,
): Promise<void> {
  await repositories.auditLog.record({
    id: deps.ids.next('ae'),
    type: event.type,
    ...actorOf(event.principal),
    targetId: event.targetId,
    targetName: event.targetName ?? null,
    organizationName: event.organizationName ?? null,
    reason: event.reason ?? null,
    changes: event.changes ?? [],
    occurredAt: deps.clock.now(),
  })
}

function actorOf(actor: AuditActor): { actorKind: AuditActorKind; actorId: string | null; actorTokenId: string | null } {
  switch (actor.kind) {
    case 'user': {
      const tokenId = actor.credential.kind === 'token' ? actor.credential.tokenId : null
      return { actorKind: 'user', actorId: (impersonatorOf(actor) ?? actor.user).id, actorTokenId: tokenId }
    }
    case 'team':
      return { actorKind: 'team', actorId: actor.team.id, actorTokenId: actor.tokenId }
    case 'organization':
      return { actorKind: 'organization', actorId: actor.organizationName, actorTokenId: actor.tokenId }
    case 'operator':
    case 'upload-link':
    case 'vcs':
      return { actorKind: actor.kind, actorId: null, actorTokenId: null }
  }
}

/** The changes between two values of the attributes named, in that order; unchanged ones left out. */
export function changesOf(attributes: readonly (readonly [attribute: string, from: string | null, to: string | null])[]): AuditChange[] {
  return attributes.filter(([, from, to]) => from !== to).map(([attribute, from, to]) => ({ attribute, from, to }))
}

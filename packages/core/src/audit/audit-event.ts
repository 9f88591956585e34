/** What an audit event records. */
export type AuditEventType =
  | 'user.created'
  | 'user.deleted'
  | 'user.suspended'
  | 'user.unsuspended'
  | 'user.admin_granted'
  | 'user.admin_revoked'
  | 'user.two_factor_disabled'
  | 'user.impersonation_started'
  | 'user.impersonation_ended'
  | 'workspace.deleted'
  | 'membership.invited'
  | 'membership.accepted'
  | 'membership.declined'
  | 'membership.left'
  | 'membership.removed'
  | 'token.created'
  | 'module_version.reuploaded'
  | 'vcs_connection.created'
  | 'vcs_connection.updated'
  | 'vcs_connection.deleted'

/** One entry of the persisted audit log. */
export interface AuditEvent {
  readonly id: string
  readonly type: AuditEventType
  /** The user who acted; null for the operator (the CLI). */
  readonly actorId: string | null
  /** The id of what was acted on (a user id, a workspace id, a token id, a membership id). */
  readonly targetId: string
  /** Why, when the action asks for a reason (impersonation). */
  readonly reason: string | null
  readonly occurredAt: Date
}

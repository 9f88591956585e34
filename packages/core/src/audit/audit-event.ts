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
  | 'organization.deleted'
  | 'team.deleted'
  | 'workspace.deleted'
  | 'membership.invited'
  | 'membership.accepted'
  | 'membership.declined'
  | 'membership.left'
  | 'membership.removed'
  | 'token.created'
  | 'token.revoked'
  | 'registry_module.created'
  | 'registry_module.deleted'
  | 'module_version.created'
  | 'module_version.deleted'
  | 'module_version.reuploaded'
  | 'module_version.attempt_failed'
  | 'registry_provider.created'
  | 'registry_provider.deleted'
  | 'provider_version.created'
  | 'provider_version.deleted'
  | 'provider_platform.created'
  | 'provider_platform.deleted'
  | 'gpg_key.created'
  | 'gpg_key.updated'
  | 'gpg_key.deleted'
  | 'vcs_connection.created'
  | 'vcs_connection.updated'
  | 'vcs_connection.deleted'

/**
 * Who acted: a user (with a token or a session), a team's or an organization's token, the
 * operator (the `cairn` CLI on the server's machine), the bearer of a signed upload link,
 * which carries no credential, or a module's repository (what its VCS jobs did).
 */
export type AuditActorKind = 'user' | 'team' | 'organization' | 'operator' | 'upload-link' | 'vcs'

/**
 * One attribute an action set, changed or removed, by the name the API gives it: `from` is null
 * for what the action created, `to` for what it removed. A write-only attribute (a credential) is
 * listed with both null: that it changed is recorded, never its value.
 */
export interface AuditChange {
  readonly attribute: string
  readonly from: string | null
  readonly to: string | null
}

/** One entry of the persisted audit log. */
export interface AuditEvent {
  readonly id: string
  readonly type: AuditEventType
  /** Null only on events recorded before Cairn recorded it (one without actor then was the operator's, a team's or an organization's). */
  readonly actorKind: AuditActorKind | null
  /**
   * The acting user's id (during an impersonation, the administrator's), the team's id for a team
   * token, the organization's name for an organization token; null for the operator, an upload link and a repository.
   */
  readonly actorId: string | null
  /** The authentication token the request was made with; null for a session, the operator and an upload link. */
  readonly actorTokenId: string | null
  /** The id of what was acted on (a user id, a workspace id, a token id, a membership id). */
  readonly targetId: string
  /** What the target was called when the event happened (a module's address, a team's name), which outlives it. */
  readonly targetName: string | null
  /** The organization the action happened in, when it happened in one. */
  readonly organizationName: string | null
  /** Why, when the action asks for a reason (impersonation). */
  readonly reason: string | null
  /** What the action changed, when it changed attributes one can name; never a secret's value. */
  readonly changes: readonly AuditChange[]
  readonly occurredAt: Date
}

import { CairnError } from '../errors/cairn-error.ts'

/** An invitation until the invitee accepts it; only an active membership grants any access. */
export type MembershipStatus = 'invited' | 'active'

export const MEMBERSHIP_STATUSES: readonly MembershipStatus[] = ['invited', 'active']

/** A user's membership of an organization, or an invitation to one. */
export interface OrganizationMembership {
  readonly id: string
  readonly organizationName: string
  readonly userId: string
  readonly status: MembershipStatus
  /** The address the invitation went to (the member's own for the organization's creator). */
  readonly email: string
  /**
   * The user id an invitation shows until it is accepted: the placeholder's own for an address
   * nobody has signed up with, a fresh id for a known one, so that the inviter cannot tell the
   * two apart. The member's id once active.
   */
  readonly invitedUserId: string
  /** The teams an invitee joins on accepting; empty once active (team places are then real). */
  readonly invitedTeamIds: readonly string[]
  readonly createdAt: Date
}

/** The invitee accepts: the membership becomes active. */
export function acceptInvitation(membership: OrganizationMembership): OrganizationMembership {
  if (membership.status !== 'invited') throw new CairnError('precondition', 'the membership is already active')
  return { ...membership, status: 'active', invitedUserId: membership.userId, invitedTeamIds: [] }
}

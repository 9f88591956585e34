import type { MembershipStatus, OrganizationMembership } from '../organizations/organization-membership.ts'
import type { Page, PageRequest } from '../shared/page.ts'

export interface MembershipQuery {
  readonly organizationName: string
  readonly status?: MembershipStatus
  /** Only memberships whose invited address is one of these (already in lower case). */
  readonly emails?: readonly string[]
  /** Only memberships whose invited address, or active member's username, contains this, case-insensitively. */
  readonly search?: string
  readonly page: PageRequest
}

/** Who belongs to which organization, and who is invited to. */
export interface MembershipRepository {
  /** A page of an organization's memberships, oldest first, filtered by the store. */
  listByOrganization(query: MembershipQuery): Promise<Page<OrganizationMembership>>
  /** Every membership and invitation of one user, oldest first. */
  listByUser(userId: string): Promise<OrganizationMembership[]>
  findById(id: string): Promise<OrganizationMembership | undefined>
  find(organizationName: string, userId: string): Promise<OrganizationMembership | undefined>
  /** The names of the organizations each of these users is an active member of (not invited to), ordered by name. */
  organizationsOf(userIds: readonly string[]): Promise<Map<string, string[]>>
  /** Stores a membership. Raises `invalid` on `user` when the user is a member (or invited) already. */
  add(membership: OrganizationMembership): Promise<void>
  /** Replaces a stored membership's status and invitation details. */
  update(membership: OrganizationMembership): Promise<void>
  /** Removes a membership, and the user from every team of that organization. */
  remove(id: string): Promise<void>
}

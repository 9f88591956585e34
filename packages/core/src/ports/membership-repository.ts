import type { OrganizationMembership } from '../organizations/organization-membership.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** Who belongs to which organization. */
export interface MembershipRepository {
  /** A page of an organization's memberships, oldest first. */
  listByOrganization(organizationName: string, page: PageRequest): Promise<Page<OrganizationMembership>>
  findById(id: string): Promise<OrganizationMembership | undefined>
  find(organizationName: string, userId: string): Promise<OrganizationMembership | undefined>
  /** The names of the organizations each of these users belongs to, ordered by name. */
  organizationsOf(userIds: readonly string[]): Promise<Map<string, string[]>>
  /** Stores a membership. Raises `invalid` on `user` when the user is a member already. */
  add(membership: OrganizationMembership): Promise<void>
  /** Removes a membership, and the user from every team of that organization. */
  remove(id: string): Promise<void>
}

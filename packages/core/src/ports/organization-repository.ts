import type { Organization } from '../organizations/organization.ts'
import type { Page, PageRequest } from '../shared/page.ts'

export interface OrganizationQuery {
  /** Only the organizations this user is an active member of (not invited to); all of them when absent. */
  readonly memberUserId?: string
  readonly page: PageRequest
}

/** Organizations, stored by name. */
export interface OrganizationRepository {
  /** A page of organizations ordered by name. */
  list(query: OrganizationQuery): Promise<Page<Organization>>
  findByName(name: string): Promise<Organization | undefined>
  findByNames(names: readonly string[]): Promise<Organization[]>
  /** Stores a new organization. Raises `invalid` on `name` when the name is taken. */
  add(organization: Organization): Promise<void>
  update(organization: Organization): Promise<void>
  /** Removes an organization with its teams, memberships, tokens, workspaces and runs. */
  remove(name: string): Promise<void>
}

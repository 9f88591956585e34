import type { Team } from '../organizations/team.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** An organization's teams: who is on them is `TeamMemberRepository`'s. */
export interface TeamRepository {
  /** A page of an organization's teams, ordered by name. */
  listByOrganization(organizationName: string, page: PageRequest): Promise<Page<Team>>
  findById(id: string): Promise<Team | undefined>
  findByName(organizationName: string, name: string): Promise<Team | undefined>
  /** Stores a new team. Raises `invalid` on `name` when the organization has a team so named. */
  add(team: Team): Promise<void>
  update(team: Team): Promise<void>
  /** Removes a team with its members and its tokens. */
  remove(id: string): Promise<void>
}

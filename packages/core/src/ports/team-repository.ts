import type { Team } from '../organizations/team.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { User } from '../users/user.ts'

/** Teams and who is on them. */
export interface TeamRepository {
  /** A page of an organization's teams, ordered by name. */
  listByOrganization(organizationName: string, page: PageRequest): Promise<Page<Team>>
  findById(id: string): Promise<Team | undefined>
  findByName(organizationName: string, name: string): Promise<Team | undefined>
  /** Stores a new team. Raises `invalid` on `name` when the organization has a team so named. */
  add(team: Team): Promise<void>
  update(team: Team): Promise<void>
  /** Removes a team with its memberships and token. */
  remove(id: string): Promise<void>
  /** Puts a user on a team; a no-op when they are on it already. */
  addMember(teamId: string, userId: string): Promise<void>
  /** Takes a user off a team; a no-op when they are not on it. */
  removeMember(teamId: string, userId: string): Promise<void>
  /** The members of a team, ordered by username. */
  members(teamId: string): Promise<User[]>
  /** The teams of an organization a user is on. */
  teamsOf(organizationName: string, userId: string): Promise<Team[]>
  /** The owners (members of the owners team) of each of these organizations. */
  ownersOf(organizationNames: readonly string[]): Promise<Map<string, User[]>>
  /** The organizations whose owners team has this user as its only member. */
  solelyOwnedBy(userId: string): Promise<string[]>
}

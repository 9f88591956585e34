import type { Team } from '../organizations/team.ts'
import type { User } from '../users/user.ts'

/**
 * Who is on which team, and so who owns which organization: its owners are the members of its
 * owners team. (An organization's members, with their invitations, are `MembershipRepository`'s.)
 */
export interface TeamMemberRepository {
  /** Puts a user on a team; a no-op when they are on it already. Raises `not_found` when the team or the user does not exist. */
  add(teamId: string, userId: string): Promise<void>
  /** Takes a user off a team; a no-op when they are not on it. */
  remove(teamId: string, userId: string): Promise<void>
  /** The members of a team, ordered by username. */
  members(teamId: string): Promise<User[]>
  /** The teams of an organization a user is on, ordered by name. */
  teamsOf(organizationName: string, userId: string): Promise<Team[]>
  /** The owners (members of the owners team) of each of these organizations, ordered by username. */
  ownersOf(organizationNames: readonly string[]): Promise<Map<string, User[]>>
  /** The organizations whose owners team has this user as its only member, ordered by name. */
  solelyOwnedBy(userId: string): Promise<string[]>
}

import { CairnError, OWNERS_TEAM, type Team, type TeamMemberRepository, type User } from '@cairn/core'
import { compareText, memberKey, type InMemoryState } from './in-memory-state.ts'

export class InMemoryTeamMemberRepository implements TeamMemberRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async add(teamId: string, userId: string): Promise<void> {
    if (!this.#state.teams.has(teamId)) throw CairnError.notFound('team')
    if (!this.#state.users.has(userId)) throw CairnError.notFound('user')
    this.#state.teamMembers.add(memberKey(teamId, userId))
  }

  async remove(teamId: string, userId: string): Promise<void> {
    this.#state.teamMembers.delete(memberKey(teamId, userId))
  }

  async members(teamId: string): Promise<User[]> {
    return [...this.#state.users.values()]
      .filter((user) => this.#state.teamMembers.has(memberKey(teamId, user.id)))
      .sort((a, b) => compareText(a.username, b.username))
  }

  async teamsOf(organizationName: string, userId: string): Promise<Team[]> {
    return [...this.#state.teams.values()]
      .filter((team) => team.organizationName === organizationName && this.#state.teamMembers.has(memberKey(team.id, userId)))
      .sort((a, b) => compareText(a.name, b.name))
  }

  async ownersOf(organizationNames: readonly string[]): Promise<Map<string, User[]>> {
    const result = new Map<string, User[]>()
    for (const name of organizationNames) {
      const owners = [...this.#state.teams.values()].find((team) => team.organizationName === name && team.name === OWNERS_TEAM)
      result.set(name, owners === undefined ? [] : await this.members(owners.id))
    }
    return result
  }

  async solelyOwnedBy(userId: string): Promise<string[]> {
    const owned: string[] = []
    for (const team of this.#state.teams.values()) {
      if (team.name !== OWNERS_TEAM) continue
      const members = await this.members(team.id)
      if (members.length === 1 && members[0]?.id === userId) owned.push(team.organizationName)
    }
    return owned.sort(compareText)
  }
}

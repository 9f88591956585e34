import { CairnError, OWNERS_TEAM, type Page, type PageRequest, type Team, type TeamRepository, type User } from '@cairn/core'
import { compareText, deleteWhere, memberKey, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryTeamRepository implements TeamRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async listByOrganization(organizationName: string, page: PageRequest): Promise<Page<Team>> {
    const teams = [...this.#state.teams.values()]
      .filter((team) => team.organizationName === organizationName)
      .sort((a, b) => compareText(a.name, b.name))
    return pageOf(teams, page)
  }

  async findById(id: string): Promise<Team | undefined> {
    return this.#state.teams.get(id)
  }

  async findByName(organizationName: string, name: string): Promise<Team | undefined> {
    return [...this.#state.teams.values()].find((team) => team.organizationName === organizationName && team.name === name)
  }

  async add(team: Team): Promise<void> {
    if (!this.#state.organizations.has(team.organizationName)) throw CairnError.notFound('organization')
    this.#assertUnique(team)
    this.#state.teams.set(team.id, team)
  }

  async update(team: Team): Promise<void> {
    if (!this.#state.teams.has(team.id)) throw CairnError.notFound('team')
    this.#assertUnique(team)
    this.#state.teams.set(team.id, team)
  }

  async remove(id: string): Promise<void> {
    this.#state.teams.delete(id)
    for (const key of this.#state.teamMembers) if (key.startsWith(`${id} `)) this.#state.teamMembers.delete(key)
    deleteWhere(this.#state.tokens, (token) => token.kind === 'team' && token.subjectId === id)
  }

  async addMember(teamId: string, userId: string): Promise<void> {
    if (!this.#state.teams.has(teamId)) throw CairnError.notFound('team')
    if (!this.#state.users.has(userId)) throw CairnError.notFound('user')
    this.#state.teamMembers.add(memberKey(teamId, userId))
  }

  async removeMember(teamId: string, userId: string): Promise<void> {
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
      const owners = await this.findByName(name, OWNERS_TEAM)
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

  #assertUnique(team: Team): void {
    for (const other of this.#state.teams.values()) {
      if (other.id !== team.id && other.organizationName === team.organizationName && other.name === team.name) {
        throw CairnError.invalidField('name', 'has already been taken')
      }
    }
  }
}

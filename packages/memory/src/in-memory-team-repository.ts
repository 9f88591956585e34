import { CairnError, type Page, type PageRequest, type Team, type TeamRepository } from '@cairn/core'
import { compareText, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

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

  #assertUnique(team: Team): void {
    for (const other of this.#state.teams.values()) {
      if (other.id !== team.id && other.organizationName === team.organizationName && other.name === team.name) {
        throw CairnError.invalidField('name', 'has already been taken')
      }
    }
  }
}

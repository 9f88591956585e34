import { CairnError, type Page, type PageRequest, type VcsConnection, type VcsConnectionRepository } from '@cairn/core'
import { compareText, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryVcsConnectionRepository implements VcsConnectionRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(organizationName: string, page: PageRequest): Promise<Page<VcsConnection>> {
    const matching = [...this.#state.vcsConnections.values()]
      .filter((connection) => connection.organizationName === organizationName)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareText(a.id, b.id))
    return pageOf(matching, page)
  }

  async findById(id: string): Promise<VcsConnection | undefined> {
    return this.#state.vcsConnections.get(id)
  }

  async findByTokenId(tokenId: string): Promise<VcsConnection | undefined> {
    return [...this.#state.vcsConnections.values()].find((connection) => connection.tokenId === tokenId)
  }

  async add(connection: VcsConnection): Promise<void> {
    if (!this.#state.organizations.has(connection.organizationName)) throw CairnError.notFound('organization')
    this.#state.vcsConnections.set(connection.id, connection)
  }

  async update(connection: VcsConnection): Promise<void> {
    if (!this.#state.vcsConnections.has(connection.id)) throw CairnError.notFound('oauth client')
    this.#state.vcsConnections.set(connection.id, connection)
  }

  async remove(id: string): Promise<void> {
    this.#state.vcsConnections.delete(id)
  }
}

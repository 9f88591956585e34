import { CairnError, type AuthToken, type TokenKind, type TokenRepository } from '@cairn/core'
import { compareText, type InMemoryState } from './in-memory-state.ts'

export class InMemoryTokenRepository implements TokenRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findById(id: string): Promise<AuthToken | undefined> {
    return this.#state.tokens.get(id)
  }

  async listActive(kind: TokenKind, subjectId: string): Promise<AuthToken[]> {
    return [...this.#state.tokens.values()]
      .filter((token) => token.kind === kind && token.subjectId === subjectId && token.revokedAt === null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareText(a.id, b.id))
  }

  async add(token: AuthToken): Promise<void> {
    if (!this.#subjectExists(token)) throw CairnError.notFound(token.kind)
    this.#state.tokens.set(token.id, token)
  }

  async update(token: AuthToken): Promise<void> {
    if (!this.#state.tokens.has(token.id)) throw CairnError.notFound('token')
    this.#state.tokens.set(token.id, token)
  }

  async recordUses(uses: ReadonlyMap<string, Date>): Promise<void> {
    for (const [id, at] of uses) {
      const token = this.#state.tokens.get(id)
      if (token !== undefined && (token.lastUsedAt === null || token.lastUsedAt < at))
        this.#state.tokens.set(id, { ...token, lastUsedAt: at })
    }
  }

  #subjectExists(token: AuthToken): boolean {
    const subjects = { user: this.#state.users, team: this.#state.teams, organization: this.#state.organizations }
    return subjects[token.kind].has(token.subjectId)
  }
}

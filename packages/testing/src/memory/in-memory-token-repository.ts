import { CairnError, type AuthToken, type TokenRepository } from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemoryTokenRepository implements TokenRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findById(id: string): Promise<AuthToken | undefined> {
    return this.#state.tokens.get(id)
  }

  async add(token: AuthToken): Promise<void> {
    if (!this.#state.users.has(token.userId)) throw CairnError.notFound('user')
    this.#state.tokens.set(token.id, token)
  }

  async update(token: AuthToken): Promise<void> {
    if (!this.#state.tokens.has(token.id)) throw CairnError.notFound('token')
    this.#state.tokens.set(token.id, token)
  }
}

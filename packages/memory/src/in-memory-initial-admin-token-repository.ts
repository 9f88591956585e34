import type { InitialAdminToken, InitialAdminTokenRepository } from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemoryInitialAdminTokenRepository implements InitialAdminTokenRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async add(token: InitialAdminToken): Promise<void> {
    this.#state.initialAdminTokens.push(token)
  }

  async list(): Promise<readonly InitialAdminToken[]> {
    return [...this.#state.initialAdminTokens]
  }

  async clear(): Promise<void> {
    this.#state.initialAdminTokens = []
  }
}

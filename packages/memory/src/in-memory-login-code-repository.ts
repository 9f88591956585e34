import { CairnError, type LoginCode, type LoginCodeRepository } from '@cairn/core'
import { deleteWhere, type InMemoryState } from './in-memory-state.ts'

export class InMemoryLoginCodeRepository implements LoginCodeRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async add(code: LoginCode): Promise<void> {
    if (!this.#state.users.has(code.userId)) throw CairnError.notFound('user')
    deleteWhere(this.#state.loginCodes, (stored) => stored.expiresAt.getTime() < code.createdAt.getTime())
    this.#state.loginCodes.set(code.digest, code)
  }

  async take(digest: string): Promise<LoginCode | undefined> {
    const code = this.#state.loginCodes.get(digest)
    this.#state.loginCodes.delete(digest)
    return code
  }
}

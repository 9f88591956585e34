import { CairnError, type User, type UserRepository } from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemoryUserRepository implements UserRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findById(id: string): Promise<User | undefined> {
    return this.#state.users.get(id)
  }

  async findByUsername(username: string): Promise<User | undefined> {
    return [...this.#state.users.values()].find((user) => user.username === username)
  }

  async add(user: User): Promise<void> {
    this.#assertUnique(user)
    this.#state.users.set(user.id, user)
  }

  async update(user: User): Promise<void> {
    if (!this.#state.users.has(user.id)) throw CairnError.notFound('user')
    this.#assertUnique(user)
    this.#state.users.set(user.id, user)
  }

  #assertUnique(user: User): void {
    for (const other of this.#state.users.values()) {
      if (other.id === user.id) continue
      if (other.username === user.username) throw CairnError.invalidField('username', 'has already been taken')
      if (other.email === user.email) {
        throw CairnError.invalidField('email', 'has already been taken')
      }
    }
  }
}

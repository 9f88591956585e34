import { CairnError, type Page, type User, type UserQuery, type UserRepository, type UserStatusCounts } from '@cairn/core'
import { compareText, contains, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryUserRepository implements UserRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(query: UserQuery): Promise<Page<User>> {
    const { search, isSiteAdmin, isSuspended } = query
    const matching = [...this.#state.users.values()]
      .filter((user) => search === undefined || contains(user.username, search) || contains(user.email, search))
      .filter((user) => isSiteAdmin === undefined || user.isSiteAdmin === isSiteAdmin)
      .filter((user) => isSuspended === undefined || user.isSuspended === isSuspended)
      .sort((a, b) => compareText(a.username, b.username))
    return pageOf(matching, query.page)
  }

  async listWithStatusCounts(query: UserQuery): Promise<{ page: Page<User>; statusCounts: UserStatusCounts }> {
    return { page: await this.list(query), statusCounts: await this.statusCounts() }
  }

  async statusCounts(): Promise<UserStatusCounts> {
    const users = [...this.#state.users.values()]
    return {
      total: users.length,
      suspended: users.filter((user) => user.isSuspended).length,
      admin: users.filter((user) => user.isSiteAdmin).length,
    }
  }

  async findById(id: string): Promise<User | undefined> {
    return this.#state.users.get(id)
  }

  async findByUsername(username: string): Promise<User | undefined> {
    return [...this.#state.users.values()].find((user) => user.username === username)
  }

  async findByEmail(email: string): Promise<User | undefined> {
    return [...this.#state.users.values()].find((user) => user.email === email)
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

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    if (!this.#state.users.has(id)) throw CairnError.notFound('user')
    this.#state.passwordHashes.set(id, passwordHash)
  }

  async findPasswordHash(id: string): Promise<string | undefined> {
    return this.#state.passwordHashes.get(id)
  }

  async remove(id: string): Promise<void> {
    const state = this.#state
    state.users.delete(id)
    state.passwordHashes.delete(id)
    deleteWhere(state.tokens, (token) => token.kind === 'user' && token.subjectId === id)
    deleteWhere(state.sessions, (session) => session.userId === id || session.impersonatorId === id)
    deleteWhere(state.loginCodes, (code) => code.userId === id)
    deleteWhere(state.memberships, (membership) => membership.userId === id)
    for (const key of state.teamMembers) if (key.endsWith(` ${id}`)) state.teamMembers.delete(key)
  }

  #assertUnique(user: User): void {
    for (const other of this.#state.users.values()) {
      if (other.id === user.id) continue
      if (other.username !== null && other.username === user.username) throw CairnError.invalidField('username', 'has already been taken')
      if (other.email === user.email) throw CairnError.invalidField('email', 'has already been taken')
    }
  }
}

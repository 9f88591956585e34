import { CairnError, type Session, type SessionRepository } from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemorySessionRepository implements SessionRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findById(id: string): Promise<Session | undefined> {
    return this.#state.sessions.get(id)
  }

  async add(session: Session): Promise<void> {
    const { userId, impersonatorId } = session
    if (!this.#state.users.has(userId)) throw CairnError.notFound('user')
    if (impersonatorId !== null && !this.#state.users.has(impersonatorId)) throw CairnError.notFound('impersonator')
    this.#state.sessions.set(session.id, session)
  }

  async update(session: Session): Promise<void> {
    if (!this.#state.sessions.has(session.id)) throw CairnError.notFound('session')
    this.#state.sessions.set(session.id, session)
  }
}

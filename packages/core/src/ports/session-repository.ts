import type { Session } from '../sessions/session.ts'

/** Cookie sessions, stored by the hash of their secret only. */
export interface SessionRepository {
  findById(id: string): Promise<Session | undefined>
  add(session: Session): Promise<void>
  /** Replaces a stored session (to record that it ended). */
  update(session: Session): Promise<void>
}

import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { formatBearerToken } from '../tokens/auth-token.ts'
import { SESSION_LIFETIME_MS, type Session } from './session.ts'

/** A new cookie session and the cookie value that carries it, shown only in the Set-Cookie. */
export interface StartedSession {
  readonly session: Session
  readonly cookie: string
}

/** Stores a new session for `who`, live for `SESSION_LIFETIME_MS`; only its secret's hash is kept. */
export async function startSession(
  deps: Pick<UseCaseDeps, 'ids' | 'clock' | 'hasher'>,
  repositories: Repositories,
  who: Pick<Session, 'userId' | 'impersonatorId' | 'reason'>,
): Promise<StartedSession> {
  const secret = deps.hasher.newSecret()
  const now = deps.clock.now()
  const session: Session = {
    id: deps.ids.next('sess'),
    ...who,
    secretHash: deps.hasher.hash(secret),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    endedAt: null,
  }
  await repositories.sessions.add(session)
  return { session, cookie: formatBearerToken(session.id, secret) }
}

/**
 * A cookie session, stored server-side. During an impersonation `userId` is the impersonated
 * user and `impersonatorId` the administrator who started it, with the reason they gave.
 */
export interface Session {
  readonly id: string
  readonly userId: string
  readonly impersonatorId: string | null
  readonly reason: string | null
  readonly secretHash: string
  readonly createdAt: Date
  readonly expiresAt: Date
  /** Set when the session was ended (unimpersonate); an ended session no longer authenticates. */
  readonly endedAt: Date | null
}

/** How long a cookie session lasts. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000

export function isSessionLive(session: Session, now: Date): boolean {
  return session.endedAt === null && session.expiresAt.getTime() > now.getTime()
}

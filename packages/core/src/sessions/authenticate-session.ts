import { rejected } from '../auth/authenticate-token.ts'
import type { UserPrincipal } from '../auth/principal.ts'
import type { Clock } from '../ports/clock.ts'
import type { TokenHasher } from '../ports/token-hasher.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { parseBearerToken } from '../tokens/auth-token.ts'
import { isSessionLive } from './session.ts'

/**
 * Turns a session cookie into the user it acts as. Raises `unauthenticated` for an unknown,
 * ended or expired session, a suspended user, or an impersonation whose administrator is
 * suspended or no longer an administrator.
 */
export class AuthenticateSession {
  readonly #deps: { readonly unitOfWork: UnitOfWork; readonly hasher: TokenHasher; readonly clock: Clock }

  constructor(deps: { readonly unitOfWork: UnitOfWork; readonly hasher: TokenHasher; readonly clock: Clock }) {
    this.#deps = deps
  }

  async execute(cookie: string): Promise<UserPrincipal> {
    const parsed = parseBearerToken(cookie)
    if (parsed === undefined) throw rejected()
    return this.#deps.unitOfWork.read(async ({ sessions, users }) => {
      const session = await sessions.findById(parsed.tokenId)
      if (session === undefined || !isSessionLive(session, this.#deps.clock.now())) throw rejected()
      if (!this.#deps.hasher.matches(parsed.secret, session.secretHash)) throw rejected()
      const user = await users.findById(session.userId)
      if (user === undefined || user.isSuspended) throw rejected()
      if (session.impersonatorId === null) {
        return { kind: 'user', user, credential: { kind: 'session', sessionId: session.id, impersonator: null } }
      }
      const impersonator = await users.findById(session.impersonatorId)
      if (impersonator === undefined || impersonator.isSuspended || !impersonator.isSiteAdmin) throw rejected()
      return { kind: 'user', user, credential: { kind: 'session', sessionId: session.id, impersonator } }
    })
  }
}

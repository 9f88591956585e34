import { rejected } from '../auth/authenticate-token.ts'
import { impersonatorOf, userOf, type Principal } from '../auth/principal.ts'
import { recordAuditEvent } from '../audit/record-audit-event.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { parseBearerToken } from '../tokens/auth-token.ts'
import type { User } from '../users/user.ts'
import { isSessionLive, type Session } from './session.ts'
import { startSession, type StartedSession } from './start-session.ts'

const MAX_REASON_LENGTH = 1000

/**
 * Site administrators impersonate users (spec §3, §4.3): the reason goes to the audit log, and a
 * cookie session acting as the user begins. Ending it gives the administrator a session of their
 * own again. While impersonating, only these two actions still see the administrator behind.
 */
export class Impersonation {
  readonly #deps: UseCaseDeps

  constructor(deps: UseCaseDeps) {
    this.#deps = deps
  }

  start(command: { readonly userId: string; readonly reason: string | undefined }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories): Promise<StartedSession> => {
      const admin = actingAdministrator(principal)
      if (impersonatorOf(principal) !== null) throw new CairnError('forbidden', 'the client is already impersonating a user')
      const reason = command.reason?.trim() ?? ''
      // The body is plain JSON, not a JSON:API document, hence the pointer `/reason`.
      if (reason === '') {
        throw new CairnError('precondition', 'a reason is required', [{ field: '/reason', message: 'is required' }])
      }
      if (reason.length > MAX_REASON_LENGTH) {
        throw CairnError.invalidField('/reason', `must be at most ${MAX_REASON_LENGTH} characters`)
      }
      const target = await repositories.users.findById(command.userId)
      if (target === undefined) throw CairnError.notFound('user')
      if (target.isServiceAccount) throw new CairnError('forbidden', 'service accounts cannot be impersonated')
      if (target.id === admin.id) throw new CairnError('forbidden', 'you cannot impersonate yourself')
      // A suspended user cannot authenticate, so a session acting as them would be unusable.
      if (target.isSuspended) throw new CairnError('forbidden', 'a suspended user cannot be impersonated')
      const started = await startSession(this.#deps, repositories, { userId: target.id, impersonatorId: admin.id, reason })
      await recordAuditEvent(this.#deps, repositories, { type: 'user.impersonation_started', principal, targetId: target.id, reason })
      return started
    })
  }

  /**
   * Ends the impersonation that the session cookie `cookie` carries, giving its administrator a
   * session of their own. Judged by the administrator alone, so that it works even once the
   * impersonated user is suspended or gone. Undefined when the cookie carries no live
   * impersonation; raises `unauthenticated` when its administrator may no longer act.
   */
  endFromCookie(cookie: string) {
    return this.#deps.unitOfWork.run(async (repositories): Promise<StartedSession | undefined> => {
      const current = await this.#liveImpersonation(repositories, cookie)
      if (current === undefined) return undefined
      const admin = await repositories.users.findById(current.impersonatorId ?? '')
      if (admin === undefined || admin.isSuspended || !admin.isSiteAdmin) throw rejected()
      await repositories.sessions.update({ ...current, endedAt: this.#deps.clock.now() })
      const started = await startSession(this.#deps, repositories, { userId: admin.id, impersonatorId: null, reason: null })
      const principal: Principal = {
        kind: 'user',
        user: admin,
        credential: { kind: 'session', sessionId: started.session.id, impersonator: null },
      }
      await recordAuditEvent(this.#deps, repositories, { type: 'user.impersonation_ended', principal, targetId: current.userId })
      return started
    })
  }

  async #liveImpersonation(repositories: Repositories, cookie: string): Promise<Session | undefined> {
    const parsed = parseBearerToken(cookie)
    if (parsed === undefined) return undefined
    const session = await repositories.sessions.findById(parsed.tokenId)
    if (session === undefined || session.impersonatorId === null) return undefined
    if (!isSessionLive(session, this.#deps.clock.now()) || !this.#deps.hasher.matches(parsed.secret, session.secretHash)) {
      return undefined
    }
    return session
  }
}

/** The administrator behind the request: the impersonator during an impersonation. */
function actingAdministrator(principal: Principal): User {
  const admin = impersonatorOf(principal) ?? userOf(principal)
  if (admin === null || !admin.isSiteAdmin) throw CairnError.notFound('resource')
  return admin
}

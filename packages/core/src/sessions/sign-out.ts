import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'

/**
 * Ends the cookie session a request was made with, so that the cookie no longer authenticates
 * even if it was copied. Ending an impersonation this way is audited like leaving it. Raises
 * `precondition` when the request was not made with a session.
 */
export class SignOut {
  readonly #deps: UseCaseDeps

  constructor(deps: UseCaseDeps) {
    this.#deps = deps
  }

  execute(principal: Principal): Promise<void> {
    const credential = principal.kind === 'user' ? principal.credential : undefined
    if (credential?.kind !== 'session') throw new CairnError('precondition', 'the client is not signed in with a session cookie')
    return this.#deps.unitOfWork.run(async (repositories) => {
      const session = await repositories.sessions.findById(credential.sessionId)
      if (session === undefined || session.endedAt !== null) return
      await repositories.sessions.update({ ...session, endedAt: this.#deps.clock.now() })
      if (credential.impersonator !== null) {
        await recordAuditEvent(this.#deps, repositories, { type: 'user.impersonation_ended', principal, targetId: session.userId })
      }
    })
  }
}

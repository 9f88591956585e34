import type { AuthenticateToken } from '../auth/authenticate-token.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { User } from '../users/user.ts'
import { startSession, type StartedSession } from './start-session.ts'

export interface SignInDeps extends UseCaseDeps {
  readonly authenticateToken: AuthenticateToken
}

/**
 * Exchanges a user's API token, pasted once into a sign-in form, for a cookie session acting as
 * that user. The token stays valid and is not stored with the session. Raises `unauthenticated`
 * for a token that does not authenticate, and for a team's or organization's token, which has no
 * user to sign in as.
 */
export class SignIn {
  readonly #deps: SignInDeps

  constructor(deps: SignInDeps) {
    this.#deps = deps
  }

  async withToken(bearer: string): Promise<StartedSession & { readonly user: User }> {
    const principal = await this.#deps.authenticateToken.execute(bearer.trim())
    if (principal.kind !== 'user') throw new CairnError('unauthenticated', "sign in with a user's token, not a team's or an organization's")
    const { user } = principal
    const started = await this.#deps.unitOfWork.run((repositories) =>
      startSession(this.#deps, repositories, { userId: user.id, impersonatorId: null, reason: null }),
    )
    return { ...started, user }
  }
}

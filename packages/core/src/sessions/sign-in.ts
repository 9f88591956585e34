import { rejected, type AuthenticateToken } from '../auth/authenticate-token.ts'
import type { PasswordHasher } from '../ports/password-hasher.ts'
import type { SignInAttempts } from '../ports/sign-in-attempts.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { User } from '../users/user.ts'
import { startSession, type StartedSession } from './start-session.ts'

export interface SignInDeps extends UseCaseDeps {
  readonly authenticateToken: AuthenticateToken
  readonly passwords: PasswordHasher
  readonly signInAttempts: SignInAttempts
}

/** A username and password, and the address of the client that sent them (for backing off). */
export interface PasswordCredentials {
  readonly username: string
  readonly password: string
  readonly address?: string | undefined
}

/** Compared against when there is no user, so that an unknown username takes as long as a wrong password. */
const NO_HASH = '$scrypt$ln=15,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'

/**
 * Starts a cookie session acting as a user: with their API token, pasted once into a sign-in
 * form (the token stays valid and is not stored with the session), or with their username and
 * password. Raises `unauthenticated`, saying no more, for a token that does not authenticate, a
 * team's or organization's token (there is no user to sign in as), an unknown username, a wrong
 * password, a user without a password, a suspended user or service account, and a user with
 * two-factor authentication on (which only a token may sign in). Password guessing backs off: a
 * username or an address that failed too often lately is `rate_limited` before anything is looked
 * up or hashed.
 */
export class SignIn {
  readonly #deps: SignInDeps

  constructor(deps: SignInDeps) {
    this.#deps = deps
  }

  async withToken(bearer: string): Promise<StartedSession & { readonly user: User }> {
    const principal = await this.#deps.authenticateToken.execute(bearer.trim())
    if (principal.kind !== 'user') throw new CairnError('unauthenticated', "sign in with a user's token, not a team's or an organization's")
    return this.#start(principal.user)
  }

  async withPassword(credentials: PasswordCredentials): Promise<StartedSession & { readonly user: User }> {
    const attempt = { username: credentials.username.trim(), address: credentials.address }
    const wait = await this.#deps.signInAttempts.waitBefore(attempt)
    if (wait > 0) throw CairnError.rateLimited('too many failed sign-ins: wait before trying again', wait)
    const found = await this.#deps.unitOfWork.read(async ({ users }) => {
      const user = await users.findByUsername(attempt.username)
      const hash = user === undefined ? undefined : await users.findPasswordHash(user.id)
      return { user, hash }
    })
    // Slow on purpose, and outside the transaction so that it holds no connection meanwhile.
    const matches = await this.#deps.passwords.verify(credentials.password, found.hash ?? NO_HASH)
    const { user } = found
    if (!matches || found.hash === undefined || user === undefined || user.isSuspended || user.isServiceAccount || user.twoFactorEnabled) {
      await this.#deps.signInAttempts.failed(attempt)
      throw rejected()
    }
    await this.#deps.signInAttempts.succeeded(attempt)
    return this.#start(user)
  }

  async #start(user: User): Promise<StartedSession & { readonly user: User }> {
    const started = await this.#deps.unitOfWork.run((repositories) =>
      startSession(this.#deps, repositories, { userId: user.id, impersonatorId: null, reason: null }),
    )
    return { ...started, user }
  }
}

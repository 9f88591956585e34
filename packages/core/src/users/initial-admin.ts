import { OPERATOR } from '../auth/principal.ts'
import { recordAuditEvent } from '../audit/record-audit-event.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import type { PasswordHasher } from '../ports/password-hasher.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { issueToken } from '../tokens/issue-token.ts'
import { addOrClaim } from './add-or-claim.ts'
import { parsePassword } from './password.ts'
import type { User } from './user.ts'
import { parseEmail, parseUsername } from './username.ts'

export interface InitialAdminDeps extends UseCaseDeps {
  readonly passwords: PasswordHasher
  /** How long an IACT works after it was issued (TFE's `iact-time-limit`); 60 minutes when absent. */
  readonly initialAdminTokenLifetimeMs?: number
}

/** TFE's default `iact-time-limit`. */
export const DEFAULT_INITIAL_ADMIN_TOKEN_LIFETIME_MS = 60 * 60 * 1000

export interface CreateInitialAdminCommand {
  /** The initial admin creation token (IACT). */
  readonly token: string
  readonly username: string
  readonly email: string
  readonly password: string
}

/**
 * TFE's bootstrap: while the site has no administrator, each server process issues an initial
 * admin creation token (IACT), and whoever holds one creates the first administrator with it.
 * Answers `not_found` for a wrong, used or expired token and once an administrator exists, so
 * that the endpoint reveals nothing then; `invalid` for bad fields (the token stays usable). An
 * IACT works for `initialAdminTokenLifetimeMs` after it was issued; a restart issues a new one.
 */
export class InitialAdmin {
  readonly #deps: InitialAdminDeps

  constructor(deps: InitialAdminDeps) {
    this.#deps = deps
  }

  /** A new IACT, its hash stored, when the site has no administrator; undefined when it has one. */
  async issueToken(): Promise<string | undefined> {
    const secret = this.#deps.hasher.newSecret()
    const token = { secretHash: this.#deps.hasher.hash(secret), createdAt: this.#deps.clock.now() }
    const issued = await this.#deps.unitOfWork.run(async (repositories) => {
      if (await hasAdmin(repositories)) return false
      await repositories.initialAdminTokens.add(token)
      return true
    })
    return issued ? secret : undefined
  }

  /** Whether the site has an administrator, and so no use for an IACT. */
  hasAdmin(): Promise<boolean> {
    return this.#deps.unitOfWork.run(hasAdmin)
  }

  /** Whether `token` would create the first administrator now: there is none, and it is an unexpired IACT. */
  isUsable(token: string): Promise<boolean> {
    return this.#deps.unitOfWork.read((repositories) => this.#isUsable(repositories, token))
  }

  /** Creates the first site administrator and returns an API token for them, shown once. */
  async createAdmin(command: CreateInitialAdminCommand): Promise<{ user: User; bearer: string }> {
    const errors = new FieldErrors()
    const username = errors.collect(() => parseUsername(command.username))
    const email = errors.collect(() => parseEmail(command.email))
    const password = errors.collect(() => parsePassword(command.password))
    // The token first: anyone may call this, and only its holder may make the server hash.
    if (!(await this.isUsable(command.token))) throw CairnError.notFound('initial admin token')
    errors.throwIfAny()
    // Slow on purpose: hashed before the transaction, so that it holds no locks meanwhile.
    const passwordHash = password === undefined ? undefined : await this.#deps.passwords.hash(password)
    return this.#deps.unitOfWork.run(async (repositories) => {
      // Again where it counts: another request may have used a token meanwhile.
      if (!(await this.#isUsable(repositories, command.token))) throw CairnError.notFound('initial admin token')
      const user = await addOrClaim(repositories, {
        id: this.#deps.ids.next('user'),
        username: username ?? '',
        email: email ?? '',
        isSiteAdmin: true,
        isSuspended: false,
        isServiceAccount: false,
        twoFactorEnabled: false,
        createdAt: this.#deps.clock.now(),
      })
      await repositories.users.setPasswordHash(user.id, passwordHash ?? '')
      await repositories.initialAdminTokens.clear()
      // The IACT stands for the operator who started the server and read its log.
      await recordAuditEvent(this.#deps, repositories, { type: 'user.created', principal: OPERATOR, targetId: user.id })
      const subject = { kind: 'user', subjectId: user.id, description: 'created with the initial admin creation token' } as const
      const { bearer } = await issueToken(this.#deps, repositories, subject, OPERATOR)
      return { user, bearer }
    })
  }

  async #isUsable(repositories: Repositories, secret: string): Promise<boolean> {
    if (await hasAdmin(repositories)) return false
    const lifetime = this.#deps.initialAdminTokenLifetimeMs ?? DEFAULT_INITIAL_ADMIN_TOKEN_LIFETIME_MS
    const now = this.#deps.clock.now().getTime()
    const tokens = await repositories.initialAdminTokens.list()
    return tokens.some((token) => now - token.createdAt.getTime() < lifetime && this.#deps.hasher.matches(secret, token.secretHash))
  }
}

async function hasAdmin(repositories: Repositories): Promise<boolean> {
  return (await repositories.users.statusCounts()).admin > 0
}

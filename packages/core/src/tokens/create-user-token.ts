import { isSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Clock } from '../ports/clock.ts'
import type { IdGenerator } from '../ports/id-generator.ts'
import type { TokenHasher } from '../ports/token-hasher.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { formatBearerToken, type AuthToken } from './auth-token.ts'

export interface CreateUserTokenCommand {
  readonly username: string
  readonly description?: string
}

/** The stored token and the bearer string for it, which is never shown again. */
export interface CreatedToken {
  readonly token: AuthToken
  readonly bearer: string
}

export interface CreateUserTokenDeps {
  readonly unitOfWork: UnitOfWork
  readonly clock: Clock
  readonly ids: IdGenerator
  readonly hasher: TokenHasher
}

/**
 * Issues a token that acts as a user. Users issue their own; site admins and operators issue
 * anyone's. Raises `not_found` when the user is absent or the caller may not see it.
 */
export class CreateUserToken {
  readonly #deps: CreateUserTokenDeps

  constructor(deps: CreateUserTokenDeps) {
    this.#deps = deps
  }

  async execute(command: CreateUserTokenCommand, principal: Principal): Promise<CreatedToken> {
    const { unitOfWork, clock, ids, hasher } = this.#deps
    return unitOfWork.run(async ({ users, tokens }) => {
      const user = await users.findByUsername(command.username)
      const isSelf = principal.kind === 'user' && principal.user.id === user?.id
      if (user === undefined || !(isSelf || isSiteAdmin(principal))) throw CairnError.notFound('user')
      const secret = hasher.newSecret()
      const token: AuthToken = {
        id: ids.next('at'),
        userId: user.id,
        description: command.description ?? null,
        secretHash: hasher.hash(secret),
        createdAt: clock.now(),
        revokedAt: null,
      }
      await tokens.add(token)
      return { token, bearer: formatBearerToken(token.id, secret) }
    })
  }
}

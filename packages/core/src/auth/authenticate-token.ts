import { CairnError } from '../errors/cairn-error.ts'
import type { TokenHasher } from '../ports/token-hasher.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { parseBearerToken } from '../tokens/auth-token.ts'
import type { UserPrincipal } from './principal.ts'

export interface AuthenticateTokenDeps {
  readonly unitOfWork: UnitOfWork
  readonly hasher: TokenHasher
}

/**
 * Turns a bearer token into the principal it acts for. Raises `unauthenticated`, saying no more,
 * for a malformed, unknown or revoked token and for one whose user is suspended or gone.
 */
export class AuthenticateToken {
  readonly #deps: AuthenticateTokenDeps

  constructor(deps: AuthenticateTokenDeps) {
    this.#deps = deps
  }

  async execute(bearer: string): Promise<UserPrincipal> {
    const parsed = parseBearerToken(bearer)
    if (parsed === undefined) throw rejected()
    return this.#deps.unitOfWork.run(async ({ tokens, users }) => {
      const token = await tokens.findById(parsed.tokenId)
      if (token === undefined || token.revokedAt !== null) throw rejected()
      if (!this.#deps.hasher.matches(parsed.secret, token.secretHash)) throw rejected()
      const user = await users.findById(token.userId)
      if (user === undefined || user.isSuspended) throw rejected()
      return { kind: 'user', user, tokenId: token.id }
    })
  }
}

function rejected(): CairnError {
  return new CairnError('unauthenticated', 'the token is missing, invalid, revoked or its user suspended')
}

import { CairnError } from '../errors/cairn-error.ts'
import type { Clock } from '../ports/clock.ts'
import type { TokenHasher } from '../ports/token-hasher.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import { parseBearerToken, type AuthToken } from '../tokens/auth-token.ts'
import type { TokenUses } from '../tokens/token-uses.ts'
import type { CachedCredentials, CredentialEntry } from './cached-credentials.ts'
import type { Principal } from './principal.ts'

export interface AuthenticateTokenDeps {
  readonly unitOfWork: UnitOfWork
  readonly hasher: TokenHasher
  readonly credentials: CachedCredentials
  readonly clock: Clock
  /** Where each authenticated request notes its token's use. */
  readonly tokenUses: TokenUses
}

/**
 * Turns a bearer token into the principal it acts for. Raises `unauthenticated`, saying no more,
 * for a malformed, unknown or revoked token, and for one whose user is suspended or whose user,
 * team or organization is gone.
 */
export class AuthenticateToken {
  readonly #deps: AuthenticateTokenDeps

  constructor(deps: AuthenticateTokenDeps) {
    this.#deps = deps
  }

  async execute(bearer: string): Promise<Exclude<Principal, { kind: 'operator' }>> {
    const parsed = parseBearerToken(bearer)
    if (parsed === undefined) throw rejected()
    // The secret is checked on every request, cached or not: the cache holds only its hash.
    const { secretHash, principal } = await this.#deps.credentials.get(parsed.tokenId, () =>
      this.#deps.unitOfWork.read((repositories) => this.#load(repositories, parsed.tokenId)),
    )
    if (!this.#deps.hasher.matches(parsed.secret, secretHash)) throw rejected()
    this.#deps.tokenUses.record(parsed.tokenId, this.#deps.clock.now())
    return principal
  }

  async #load(repositories: Repositories, tokenId: string): Promise<CredentialEntry> {
    const token = await repositories.tokens.findById(tokenId)
    if (token === undefined || token.revokedAt !== null) throw rejected()
    return { secretHash: token.secretHash, principal: await principalFor(repositories, token) }
  }
}

async function principalFor(repositories: Repositories, token: AuthToken) {
  switch (token.kind) {
    case 'user': {
      const user = await repositories.users.findById(token.subjectId)
      if (user === undefined || user.isSuspended) throw rejected()
      return { kind: 'user', user, credential: { kind: 'token', tokenId: token.id } } as const
    }
    case 'team': {
      const team = await repositories.teams.findById(token.subjectId)
      if (team === undefined) throw rejected()
      return { kind: 'team', team, tokenId: token.id } as const
    }
    case 'organization': {
      const organization = await repositories.organizations.findByName(token.subjectId)
      if (organization === undefined) throw rejected()
      return { kind: 'organization', organizationName: organization.name, tokenId: token.id } as const
    }
  }
}

export function rejected(): CairnError {
  return new CairnError('unauthenticated', 'the credential is missing, invalid, revoked or its user suspended')
}

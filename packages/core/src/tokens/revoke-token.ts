import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { revokeStoredToken } from './revoke-stored-token.ts'

export type RevokeTokenDeps = Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

/**
 * Revokes a user token so it no longer authenticates. Users revoke their own; the operator
 * revokes anyone's (suspending a user stops all of theirs at once). Raises `not_found` when
 * absent or not the caller's to revoke. Audited (`token.revoked`); revoking a revoked token again
 * changes nothing and is not.
 */
export class RevokeToken {
  readonly #deps: RevokeTokenDeps

  constructor(deps: RevokeTokenDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly tokenId: string }, principal: Principal): Promise<void> {
    await this.#deps.unitOfWork.run(async (repositories) => {
      const token = await repositories.tokens.findById(command.tokenId)
      const isOwn = principal.kind === 'user' && token?.kind === 'user' && principal.user.id === token.subjectId
      if (token?.kind !== 'user' || !(isOwn || principal.kind === 'operator')) throw CairnError.notFound('token')
      if (token.revokedAt !== null) return
      await revokeStoredToken(this.#deps, repositories, { token }, principal)
    })
  }
}

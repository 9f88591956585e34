import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Clock } from '../ports/clock.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'

export interface RevokeTokenDeps {
  readonly unitOfWork: UnitOfWork
  readonly clock: Clock
}

/**
 * Revokes a user token so it no longer authenticates. Users revoke their own; the operator
 * revokes anyone's (suspending a user stops all of theirs at once). Raises `not_found` when
 * absent or not the caller's to revoke.
 */
export class RevokeToken {
  readonly #deps: RevokeTokenDeps

  constructor(deps: RevokeTokenDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly tokenId: string }, principal: Principal): Promise<void> {
    await this.#deps.unitOfWork.run(async ({ tokens }) => {
      const token = await tokens.findById(command.tokenId)
      const isOwn = principal.kind === 'user' && token?.kind === 'user' && principal.user.id === token.subjectId
      if (token?.kind !== 'user' || !(isOwn || principal.kind === 'operator')) throw CairnError.notFound('token')
      if (token.revokedAt !== null) return
      await tokens.update({ ...token, revokedAt: this.#deps.clock.now() })
    })
  }
}

import { isSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { issueToken, type CreatedToken } from './issue-token.ts'

export interface CreateUserTokenCommand {
  /** The user, by username or by id. */
  readonly user: { readonly username: string } | { readonly id: string }
  readonly description?: string
}

/**
 * Issues a token that acts as a user. Users issue their own; site admins and operators issue
 * anyone's. Raises `not_found` when the user is absent or the caller may not see it.
 */
export class CreateUserToken {
  readonly #deps: UseCaseDeps

  constructor(deps: UseCaseDeps) {
    this.#deps = deps
  }

  async execute(command: CreateUserTokenCommand, principal: Principal): Promise<CreatedToken> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const { users } = repositories
      const user = 'id' in command.user ? await users.findById(command.user.id) : await users.findByUsername(command.user.username)
      const isSelf = principal.kind === 'user' && principal.user.id === user?.id
      if (user === undefined || !(isSelf || isSiteAdmin(principal))) throw CairnError.notFound('user')
      return issueToken(this.#deps, repositories, {
        kind: 'user',
        subjectId: user.id,
        description: command.description ?? null,
      })
    })
  }
}

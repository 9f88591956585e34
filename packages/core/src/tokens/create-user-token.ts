import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { issueToken, type CreatedToken } from './issue-token.ts'

const MAX_DESCRIPTION_LENGTH = 255

export interface CreateUserTokenCommand {
  /** The user, by username or by id. */
  readonly user: { readonly username: string } | { readonly id: string }
  readonly description?: string
}

/**
 * Issues a token that acts as a user. Users issue their own, but not while impersonated
 * (`forbidden`): a token would outlive the impersonation and escape its audit trail. Only the
 * operator issues tokens for others; site administrators impersonate instead. Raises
 * `not_found` when the user is absent or not the caller.
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
      // A placeholder (an invited address nobody has signed up with) never signs in.
      if (user === undefined || user.isPlaceholder || !(isSelf || principal.kind === 'operator')) throw CairnError.notFound('user')
      const description = command.description ?? null
      if (description !== null && description.length > MAX_DESCRIPTION_LENGTH) {
        throw CairnError.invalidField('description', `must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
      }
      return issueToken(this.#deps, repositories, { kind: 'user', subjectId: user.id, description }, principal)
    })
  }
}

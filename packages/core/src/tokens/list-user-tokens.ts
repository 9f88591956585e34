import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { AuthToken } from './auth-token.ts'

/** A user's unrevoked tokens (without secrets), for the user and the operator. */
export class ListUserTokens {
  readonly #deps: { readonly unitOfWork: UnitOfWork }

  constructor(deps: { readonly unitOfWork: UnitOfWork }) {
    this.#deps = deps
  }

  execute(command: { readonly userId: string }, principal: Principal): Promise<AuthToken[]> {
    return this.#deps.unitOfWork.read(async ({ users, tokens }) => {
      const user = await users.findById(command.userId)
      const isSelf = principal.kind === 'user' && principal.user.id === user?.id
      if (user === undefined || !(isSelf || principal.kind === 'operator')) throw CairnError.notFound('user')
      return tokens.listActive('user', user.id)
    })
  }
}

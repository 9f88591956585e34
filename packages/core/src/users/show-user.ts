import { isSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { User } from './user.ts'

/** A user, for themselves and for site administrators; `not_found` for anyone else. */
export class ShowUser {
  readonly #deps: { readonly unitOfWork: UnitOfWork }

  constructor(deps: { readonly unitOfWork: UnitOfWork }) {
    this.#deps = deps
  }

  execute(command: { readonly id: string }, principal: Principal): Promise<User> {
    return this.#deps.unitOfWork.read(async ({ users }) => {
      const user = await users.findById(command.id)
      const isSelf = principal.kind === 'user' && principal.user.id === user?.id
      if (user === undefined || !(isSelf || isSiteAdmin(principal))) throw CairnError.notFound('user')
      return user
    })
  }
}

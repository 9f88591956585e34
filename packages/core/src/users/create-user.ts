import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { recordAuditEvent } from '../audit/record-audit-event.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import type { Clock } from '../ports/clock.ts'
import type { IdGenerator } from '../ports/id-generator.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { addOrClaim } from './add-or-claim.ts'
import type { User } from './user.ts'
import { parseEmail, parseUsername } from './username.ts'

export interface CreateUserCommand {
  readonly username: string
  readonly email: string
  readonly isSiteAdmin?: boolean
  readonly isServiceAccount?: boolean
}

export interface CreateUserDeps {
  readonly unitOfWork: UnitOfWork
  readonly clock: Clock
  readonly ids: IdGenerator
}

/**
 * Site admins and operators create a user account. Raises `not_found` for others and `invalid`
 * for a bad or taken username or e-mail address.
 */
export class CreateUser {
  readonly #deps: CreateUserDeps

  constructor(deps: CreateUserDeps) {
    this.#deps = deps
  }

  async execute(command: CreateUserCommand, principal: Principal): Promise<User> {
    assertSiteAdmin(principal)
    const errors = new FieldErrors()
    const username = errors.collect(() => parseUsername(command.username))
    const email = errors.collect(() => parseEmail(command.email))
    if (command.isSiteAdmin === true && command.isServiceAccount === true) {
      errors.add('isAdmin', 'a service account cannot be an administrator')
    }
    errors.throwIfAny()
    const account = {
      username: username ?? '',
      isSiteAdmin: command.isSiteAdmin ?? false,
      isSuspended: false,
      isServiceAccount: command.isServiceAccount ?? false,
      twoFactorEnabled: false,
      createdAt: this.#deps.clock.now(),
    }
    return this.#deps.unitOfWork.run(async (repositories) => {
      const user = await addOrClaim(repositories, { id: this.#deps.ids.next('user'), email: email ?? '', ...account })
      await recordAuditEvent(this.#deps, repositories, { type: 'user.created', principal, targetId: user.id })
      return user
    })
  }
}

import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { AuditEventType } from '../audit/audit-event.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UserQuery, UserStatusCounts } from '../ports/user-repository.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { User } from './user.ts'

/** The admin actions on a user of spec §4.3, each one transition of spec §3. */
export type UserAction = 'suspend' | 'unsuspend' | 'grant_admin' | 'revoke_admin' | 'disable_two_factor'

const TRANSITIONS: Readonly<Record<UserAction, { apply: (user: User) => User; audit: AuditEventType }>> = {
  suspend: { apply: (user) => user.suspend(), audit: 'user.suspended' },
  unsuspend: { apply: (user) => user.unsuspend(), audit: 'user.unsuspended' },
  grant_admin: { apply: grantAdmin, audit: 'user.admin_granted' },
  revoke_admin: { apply: (user) => user.revokeAdmin(), audit: 'user.admin_revoked' },
  disable_two_factor: { apply: (user) => user.disableTwoFactor(), audit: 'user.two_factor_disabled' },
}

/** A service account acts for a team or a program; making it an administrator is refused. */
function grantAdmin(user: User): User {
  const granted = user.grantAdmin()
  if (user.isServiceAccount) throw CairnError.invalidField('isAdmin', 'a service account cannot be an administrator')
  return granted
}

export interface UserList {
  readonly page: Page<User>
  readonly statusCounts: UserStatusCounts
  /** The organization names of each listed user, when asked for. */
  readonly organizations?: Map<string, string[]>
}

/** Site administrators list, change and delete users. Everyone else gets `not_found`. */
export class AdminUsers {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>) {
    this.#deps = deps
  }

  async list(query: UserQuery & { readonly includeOrganizations?: boolean }, principal: Principal): Promise<UserList> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.read(async ({ users, memberships }) => {
      const { page, statusCounts } = await users.listWithStatusCounts(query)
      if (query.includeOrganizations !== true) return { page, statusCounts }
      const organizations = await memberships.organizationsOf(page.items.map((user) => user.id))
      return { page, statusCounts, organizations }
    })
  }

  /** Applies one action. Raises `precondition` when the user is not in the state it starts from. */
  async act(command: { readonly userId: string; readonly action: UserAction }, principal: Principal): Promise<User> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.run(async (repositories) => {
      const user = await findUser(repositories, command.userId)
      const transition = TRANSITIONS[command.action]
      const changed = transition.apply(user)
      await repositories.users.update(changed)
      await recordAuditEvent(this.#deps, repositories, { type: transition.audit, principal, targetId: user.id })
      return changed
    })
  }

  /** Deletes a user. Raises `invalid` while they are the only owner of an organization. */
  async remove(command: { readonly userId: string }, principal: Principal): Promise<void> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.run(async (repositories) => {
      const user = await findUser(repositories, command.userId)
      const solelyOwned = await repositories.teamMembers.solelyOwnedBy(user.id)
      if (solelyOwned.length > 0) {
        throw CairnError.invalidField(
          'user',
          `is the only owner of ${solelyOwned.join(', ')}: give those organizations another owner or delete them first`,
        )
      }
      await repositories.users.remove(user.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'user.deleted', principal, targetId: user.id })
    })
  }
}

async function findUser(repositories: Repositories, id: string): Promise<User> {
  const user = await repositories.users.findById(id)
  if (user === undefined) throw CairnError.notFound('user')
  return user
}

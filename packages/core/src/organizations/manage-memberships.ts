import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { parseEmail } from '../users/username.ts'
import { requireOrganization } from './organization-access.ts'
import type { OrganizationMembership } from './organization-membership.ts'

/**
 * Organization memberships: owners add existing users by e-mail address and remove members;
 * members list them. An organization always keeps at least one owner.
 */
export class ManageMemberships {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>) {
    this.#deps = deps
  }

  add(command: { readonly organizationName: string; readonly email: string }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      const user = await repositories.users.findByEmail(parseEmail(command.email))
      if (user === undefined) throw CairnError.invalidField('email', 'does not belong to any user')
      const membership: OrganizationMembership = {
        id: this.#deps.ids.next('ou'),
        organizationName: command.organizationName,
        userId: user.id,
        createdAt: this.#deps.clock.now(),
      }
      await repositories.memberships.add(membership)
      return { membership, user }
    })
  }

  list(command: { readonly organizationName: string; readonly page: PageRequest }, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories): Promise<Page<OrganizationMembership>> => {
      await requireOrganization(repositories, principal, command.organizationName, 'canRead')
      return repositories.memberships.listByOrganization(command.organizationName, command.page)
    })
  }

  show(command: { readonly id: string }, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const membership = await this.#find(repositories, command.id)
      await requireOrganization(repositories, principal, membership.organizationName, 'canRead')
      return membership
    })
  }

  /** Removes a member. Raises `invalid` when they are the organization's only owner. */
  remove(command: { readonly id: string }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const membership = await this.#find(repositories, command.id)
      await requireOrganization(repositories, principal, membership.organizationName, 'isOwner')
      const solelyOwned = await repositories.teams.solelyOwnedBy(membership.userId)
      if (solelyOwned.includes(membership.organizationName)) {
        throw CairnError.invalidField('user', 'is the only owner of the organization')
      }
      await repositories.memberships.remove(membership.id)
    })
  }

  async #find(repositories: Repositories, id: string): Promise<OrganizationMembership> {
    const membership = await repositories.memberships.findById(id)
    if (membership === undefined) throw CairnError.notFound('organization membership')
    return membership
  }
}

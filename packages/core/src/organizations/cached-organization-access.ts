import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { StoreCache } from '../shared/store-cache.ts'
import { organizationAccess, type OrganizationAccess } from './organization-access.ts'
import type { Organization } from './organization.ts'

/** An organization and what one principal may do in it. */
export interface OrganizationGrant {
  readonly organization: Organization
  readonly access: OrganizationAccess
}

/** What looking an organization up for a principal found: a grant, or no such organization. */
export interface GrantLookup {
  readonly grant: OrganizationGrant | null
}

/**
 * `requireOrganization` for read-only use cases, through a cache by principal and organization
 * (a `StoreCache`: cleared by every write of this process, so a membership or team changed here
 * is seen on the very next request). A check that guards a write stays `requireOrganization`,
 * read inside the write's own transaction.
 */
export class CachedOrganizationAccess {
  readonly #grants: StoreCache<GrantLookup>

  constructor(grants: StoreCache<GrantLookup>) {
    this.#grants = grants
  }

  /** The organization and the principal's access, when it has `need`; `not_found` otherwise, as `requireOrganization`. */
  async require(
    repositories: Repositories,
    principal: Principal,
    organizationName: string,
    need: keyof OrganizationAccess,
  ): Promise<OrganizationGrant> {
    const { grant } = await this.#grants.get(JSON.stringify([identityOf(principal), organizationName]), async () => {
      const organization = await repositories.organizations.findByName(organizationName)
      if (organization === undefined) return { grant: null }
      return { grant: { organization, access: await organizationAccess(repositories, principal, organizationName) } }
    })
    if (grant === null || !grant.access[need]) throw CairnError.notFound('organization')
    return grant
  }
}

/** Who a principal is, as far as access goes: its access depends on nothing else. */
function identityOf(principal: Principal): string {
  switch (principal.kind) {
    case 'operator':
      return 'operator'
    case 'user':
      return `user ${principal.user.id}`
    case 'team':
      return `team ${principal.team.id}`
    case 'organization':
      return `organization ${principal.organizationName}`
  }
}

import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import type { StoreCache } from '../caching/store-cache.ts'
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
 * (a `StoreCache`: cleared by every write of this process or announced by another, so a
 * membership or team changed is seen on the very next request). A check that guards a write stays `requireOrganization`,
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
    const { grant } = await this.#grants.get(keyOf(principal, organizationName), () => lookUp(repositories, principal, organizationName))
    if (grant === null || !grant.access[need]) throw CairnError.notFound('organization')
    return grant
  }

  /**
   * Whether the principal has `need` in the organization, reading the store (a read of its own)
   * only when the cache cannot say: the registry protocol's hot path opens no read when it can.
   */
  async allows(unitOfWork: UnitOfWork, principal: Principal, organizationName: string, need: keyof OrganizationAccess): Promise<boolean> {
    const load = () => unitOfWork.read((repositories) => lookUp(repositories, principal, organizationName))
    const { grant } = await this.#grants.get(keyOf(principal, organizationName), load)
    return grant !== null && grant.access[need]
  }
}

function keyOf(principal: Principal, organizationName: string): string {
  return JSON.stringify([identityOf(principal), organizationName])
}

async function lookUp(repositories: Repositories, principal: Principal, organizationName: string): Promise<GrantLookup> {
  const organization = await repositories.organizations.findByName(organizationName)
  if (organization === undefined) return { grant: null }
  return { grant: { organization, access: await organizationAccess(repositories, principal, organizationName) } }
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

import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { requireOrganization, type OrganizationAccess } from '../organizations/organization-access.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Edition } from '../shared/edition.ts'
import type { ModuleAddress } from './module-address.ts'
import type { RegistryModule } from './registry-module.ts'

/** Public module curation exists only in the hosted edition (spec §1.3). */
export function assertCurationAllowed(edition: Edition, registryName: string): void {
  if (registryName === 'public' && edition !== 'hosted') {
    throw new CairnError('forbidden', 'public module curation is disabled in the self-hosted edition')
  }
}

/**
 * The module provider at `address` in the organization, when the principal has `need` there.
 * Raises `forbidden` for a public address outside the hosted edition, and `not_found` when the
 * organization or the module does not exist or the principal lacks the access.
 */
export async function findModule(
  repositories: Repositories,
  principal: Principal,
  target: { readonly organizationName: string; readonly address: ModuleAddress; readonly edition: Edition },
  need: keyof OrganizationAccess,
): Promise<RegistryModule> {
  assertCurationAllowed(target.edition, target.address.registryName)
  await requireOrganization(repositories, principal, target.organizationName, need)
  const module = await repositories.registryModules.findByAddress(target.organizationName, target.address)
  if (module === undefined) throw CairnError.notFound('registry module')
  return module
}

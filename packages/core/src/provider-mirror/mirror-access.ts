import { isSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { MirroredProviderAddress } from './mirrored-archive.ts'
import { mirrorServes } from './mirror-policy.ts'
import type { ProviderMirrorUseCaseDeps } from './provider-mirror-deps.ts'

/**
 * Refuses, as `not_found` (what the caller may not read does not exist for them), a caller who
 * is not among the mirror's readers or a provider the policy does not serve.
 */
export async function assertMirrorReads(
  deps: Pick<ProviderMirrorUseCaseDeps, 'mirrorPolicy' | 'organizationGrants' | 'unitOfWork'>,
  principal: Principal,
  address: MirroredProviderAddress,
): Promise<void> {
  if (!mirrorServes(deps.mirrorPolicy, address) || !(await isMirrorReader(deps, principal))) throw CairnError.notFound('provider')
}

async function isMirrorReader(
  deps: Pick<ProviderMirrorUseCaseDeps, 'mirrorPolicy' | 'organizationGrants' | 'unitOfWork'>,
  principal: Principal,
): Promise<boolean> {
  const { readers } = deps.mirrorPolicy
  if (readers === '*' || isSiteAdmin(principal)) return true
  for (const organization of readers) {
    if (await deps.organizationGrants.allows(deps.unitOfWork, principal, organization, 'canRead')) return true
  }
  return false
}

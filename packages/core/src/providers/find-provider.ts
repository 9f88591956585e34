import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { organizationAccess, type OrganizationAccess } from '../organizations/organization-access.ts'
import { parseModuleVersion } from '../modules/module-version.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Edition } from '../shared/edition.ts'
import { assertProviderCurationAllowed } from './provider-address.ts'
import type { ProviderPlatform } from './provider-platform.ts'
import type { ProviderVersion } from './provider-version.ts'
import type { ProviderAddress, RegistryProvider } from './registry-provider.ts'

export interface ProviderTarget {
  readonly organizationName: string
  readonly address: ProviderAddress
}

/** A version of a private provider, as the API's paths name it. */
export interface VersionTarget {
  readonly organizationName: string
  readonly namespace: string
  readonly name: string
  readonly version: string
}

export interface PlatformTarget extends VersionTarget {
  readonly os: string
  readonly arch: string
}

export interface FoundProvider {
  readonly provider: RegistryProvider
  readonly access: OrganizationAccess
}

/**
 * The provider at the target, when the principal has `need` in its organization. Raises
 * `forbidden` for a public address outside the hosted edition, and `not_found` when the
 * organization or the provider does not exist or the principal lacks the access.
 */
export async function findProvider(
  repositories: Repositories,
  principal: Principal,
  target: ProviderTarget & { readonly edition: Edition },
  need: keyof OrganizationAccess,
): Promise<FoundProvider> {
  assertProviderCurationAllowed(target.edition, target.address.registryName)
  if ((await repositories.organizations.findByName(target.organizationName)) === undefined) throw CairnError.notFound('organization')
  // Worked out once: the caller's permissions on the records come from it too.
  const access = await organizationAccess(repositories, principal, target.organizationName)
  if (!access[need]) throw CairnError.notFound('organization')
  const provider = await repositories.registryProviders.findByAddress(target.organizationName, target.address)
  if (provider === undefined) throw CairnError.notFound('registry provider')
  return { provider, access }
}

/** The private provider's version at the target, as `findProvider` finds the provider. */
export async function findProviderVersion(
  repositories: Repositories,
  principal: Principal,
  target: VersionTarget & { readonly edition: Edition },
  need: keyof OrganizationAccess,
): Promise<FoundProvider & { readonly version: ProviderVersion }> {
  const address: ProviderAddress = { registryName: 'private', namespace: target.namespace, name: target.name }
  const found = await findProvider(repositories, principal, { ...target, address }, need)
  const spelled = normalisedVersion(target.version)
  const version = spelled === undefined ? undefined : await repositories.providerVersions.find(found.provider.id, spelled)
  if (version === undefined) throw CairnError.notFound('registry provider version')
  return { ...found, version }
}

/** A version as create stores it (`v1.0.0` → `1.0.0`), so that any spelling finds it; undefined when it is none. */
function normalisedVersion(spelled: string): string | undefined {
  try {
    return parseModuleVersion(spelled)
  } catch {
    return undefined
  }
}

/** The version's platform at the target, as `findProviderVersion` finds the version. */
export async function findProviderPlatform(
  repositories: Repositories,
  principal: Principal,
  target: PlatformTarget & { readonly edition: Edition },
  need: keyof OrganizationAccess,
): Promise<FoundProvider & { readonly version: ProviderVersion; readonly platform: ProviderPlatform }> {
  const found = await findProviderVersion(repositories, principal, target, need)
  const platform = await repositories.providerPlatforms.find(found.version.id, target.os, target.arch)
  if (platform === undefined) throw CairnError.notFound('registry provider platform')
  return { ...found, platform }
}

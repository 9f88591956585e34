import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { ProviderPlatform } from './provider-platform.ts'
import type { ProviderVersion } from './provider-version.ts'
import type { RegistryProvider } from './registry-provider.ts'

export interface VersionContext {
  readonly provider: RegistryProvider
  readonly version: ProviderVersion
  readonly platforms: readonly ProviderPlatform[]
}

/** A version an upload link names, with its provider and platforms; `not_found` once it was deleted. */
export async function versionContext(repositories: Repositories, versionId: string): Promise<VersionContext> {
  const version = await repositories.providerVersions.findById(versionId)
  const provider = version && (await repositories.registryProviders.findById(version.providerId))
  if (version === undefined || provider === undefined) throw CairnError.notFound('registry provider version')
  return { provider, version, platforms: await repositories.providerPlatforms.allOf([version.id]) }
}

/** A platform an upload link names, with its version and provider; `not_found` once it was deleted. */
export async function platformContext(
  repositories: Repositories,
  platformId: string,
): Promise<VersionContext & { readonly platform: ProviderPlatform }> {
  const platform = await repositories.providerPlatforms.findById(platformId)
  if (platform === undefined) throw CairnError.notFound('registry provider platform')
  return { ...(await versionContext(repositories, platform.versionId)), platform }
}

/** Files are uploaded once: a wrong one is replaced by deleting the version (or platform) and creating it again. */
export function refuseSecondUpload(field: string, what: string): never {
  throw CairnError.invalidField(field, `${what} was already uploaded; delete the version or platform to replace it`)
}

import type { Repositories } from '../ports/unit-of-work.ts'
import type { GpgKey } from './gpg-key.ts'
import { installablePlatforms, type ProviderPlatform } from './provider-platform.ts'
import { signingKeyId, type ProviderProtocol } from './provider-version.ts'

/** One installable version as the protocol serves it: only the platforms whose zip is in. */
export interface ServedProviderVersion {
  readonly id: string
  readonly version: string
  readonly protocols: readonly ProviderProtocol[]
  readonly platforms: readonly Pick<ProviderPlatform, 'id' | 'versionId' | 'os' | 'arch' | 'filename' | 'shasum'>[]
  readonly key: Pick<GpgKey, 'keyId' | 'asciiArmor'>
}

/**
 * What `providers.v1` serves of a provider, the same for every reader: its installable versions,
 * highest first, each with its platforms and key, kept in a cache that every write clears.
 */
export interface ServedProvider {
  readonly versions: readonly ServedProviderVersion[]
}

/** What the cache keeps for a provider address: what is served there, or null for no provider. */
export interface ServedProviderLookup {
  readonly served: ServedProvider | null
}

/**
 * Reads what the protocol serves of the private provider `namespace/type` (null when there is no
 * such provider). A version is offered once SHA256SUMS, its signature and a zip are in, and while
 * its key is in the namespace: once the key is removed the CLI could verify nothing.
 */
export async function readServedProvider(
  repositories: Repositories,
  target: { readonly namespace: string; readonly type: string },
): Promise<ServedProviderLookup> {
  const address = { registryName: 'private', namespace: target.namespace, name: target.type } as const
  const provider = await repositories.registryProviders.findByAddress(target.namespace, address)
  if (provider === undefined) return { served: null }
  const versions = await repositories.providerVersions.allOf([provider.id])
  const platforms = await repositories.providerPlatforms.allOf(versions.map((version) => version.id))
  const keys = new Map<string, GpgKey | undefined>()
  const served: ServedProviderVersion[] = []
  for (const version of versions) {
    const keyId = signingKeyId(version)
    if (!keys.has(keyId)) keys.set(keyId, await repositories.gpgKeys.find(provider.namespace, keyId))
    const key = keys.get(keyId)
    const offered = installablePlatforms(version, platforms).map(({ id, versionId, os, arch, filename, shasum }) => ({
      id,
      versionId,
      os,
      arch,
      filename,
      shasum,
    }))
    if (key === undefined || offered.length === 0) continue
    served.push({
      id: version.id,
      version: version.version,
      protocols: version.protocols,
      platforms: offered,
      key: { keyId: key.keyId, asciiArmor: key.asciiArmor },
    })
  }
  return { served: { versions: served } }
}

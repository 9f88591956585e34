import type { Repositories } from '../ports/unit-of-work.ts'
import { MAX_PAGE_SIZE } from '../shared/page.ts'
import { blobKeysOf } from './provider-view-of.ts'

const VERSION_FILE = /^providers\/([^/]+)\/SHA256SUMS(?:\.sig)?$/
const PLATFORM_ZIP = /^providers\/[^/]+\/([^/]+)\.zip$/

/** Every blob key of an organization's providers, for deleting them after the organization. */
export async function providerBlobKeysOfOrganization(repositories: Repositories, organizationName: string): Promise<string[]> {
  const keys: string[] = []
  for (let number = 1; ; number += 1) {
    const page = await repositories.registryProviders.list({ organizationName, page: { number, size: MAX_PAGE_SIZE } })
    const versions = await repositories.providerVersions.allOf(page.items.map((provider) => provider.id))
    const platforms = await repositories.providerPlatforms.allOf(versions.map((version) => version.id))
    for (const version of versions)
      keys.push(
        ...blobKeysOf(
          version,
          platforms.filter((platform) => platform.versionId === version.id),
        ),
      )
    if (page.items.length < MAX_PAGE_SIZE) return keys
  }
}

/**
 * Whether a blob under `providers/` may still be wanted: while its version (SHA256SUMS and its
 * signature) or its platform (a zip) exists, it may be an upload under way. Records never come
 * back once deleted, so a blob judged an orphan stays one.
 */
export async function isWantedProviderBlob(repositories: Repositories, key: string): Promise<boolean> {
  const [, versionId] = VERSION_FILE.exec(key) ?? []
  if (versionId !== undefined) return (await repositories.providerVersions.findById(versionId)) !== undefined
  const [, platformId] = PLATFORM_ZIP.exec(key) ?? []
  return platformId !== undefined && (await repositories.providerPlatforms.findById(platformId)) !== undefined
}

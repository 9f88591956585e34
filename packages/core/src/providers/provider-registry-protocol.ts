import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { ProviderUseCaseDeps } from './provider-deps.ts'
import { signProviderDownload } from './provider-links.ts'
import { providerBinaryBlobKey, type ProviderPlatform } from './provider-platform.ts'
import { shasumsBlobKey, shasumsSignatureBlobKey, signingKeyId, type ProviderVersion } from './provider-version.ts'
import type { ProviderDownloadAnswer, ProviderVersionsAnswer } from './provider-views.ts'
import type { RegistryProvider } from './registry-provider.ts'

type ProtocolTarget = { readonly namespace: string; readonly type: string }

/**
 * The provider registry protocol (`providers.v1`) over private providers, whose namespace is
 * their organization: what `terraform init` and `tofu init` read. Only installable versions are
 * offered (SHA256SUMS, its verified signature and at least one zip in), and in them only the
 * platforms whose zip is in. What the caller may not read is not found, as in `modules.v1`.
 */
export class ProviderRegistryProtocol {
  readonly #deps: ProviderUseCaseDeps

  constructor(deps: ProviderUseCaseDeps) {
    this.#deps = deps
  }

  async versions(target: ProtocolTarget, principal: Principal): Promise<ProviderVersionsAnswer> {
    await this.#requireReader(target, principal)
    return this.#deps.unitOfWork.read(async (repositories) => {
      const provider = await providerAt(repositories, target)
      const versions = await repositories.providerVersions.allOf([provider.id])
      const platforms = await repositories.providerPlatforms.allOf(versions.map((version) => version.id))
      return {
        versions: versions.flatMap((version) => {
          const offered = offeredPlatforms(version, platforms)
          return offered.length === 0
            ? []
            : [{ version: version.version, protocols: version.protocols, platforms: offered.map(({ os, arch }) => ({ os, arch })) }]
        }),
      }
    })
  }

  /** One platform's download, counted. */
  async download(
    target: ProtocolTarget & { readonly version: string; readonly os: string; readonly arch: string },
    principal: Principal,
  ): Promise<ProviderDownloadAnswer> {
    await this.#requireReader(target, principal)
    const { version, platform, key } = await this.#deps.unitOfWork.read(async (repositories) => {
      const provider = await providerAt(repositories, target)
      const found = await repositories.providerVersions.find(provider.id, target.version)
      const offered = found === undefined ? [] : offeredPlatforms(found, await repositories.providerPlatforms.allOf([found.id]))
      const chosen = offered.find((candidate) => candidate.os === target.os && candidate.arch === target.arch)
      if (found === undefined || chosen === undefined) throw CairnError.notFound('provider platform')
      const signingKey = await repositories.gpgKeys.find(provider.namespace, signingKeyId(found))
      // The signature verified against this key; once the key is removed the CLI could verify nothing.
      if (signingKey === undefined) throw CairnError.notFound('provider platform')
      return { version: found, platform: chosen, key: signingKey }
    })
    await this.#deps.unitOfWork.autocommit((repositories) => repositories.providerPlatforms.addDownloads(platform.id, 1))
    const now = this.#deps.clock.now()
    return {
      protocols: version.protocols,
      os: platform.os,
      arch: platform.arch,
      filename: platform.filename,
      shasum: platform.shasum,
      downloadToken: signProviderDownload(this.#deps.signer, providerBinaryBlobKey(platform), now),
      shasumsToken: signProviderDownload(this.#deps.signer, shasumsBlobKey(version.id), now),
      shasumsSignatureToken: signProviderDownload(this.#deps.signer, shasumsSignatureBlobKey(version.id), now),
      key,
    }
  }

  async #requireReader(target: ProtocolTarget, principal: Principal): Promise<void> {
    if (!(await this.#deps.organizationGrants.allows(this.#deps.unitOfWork, principal, target.namespace, 'canRead'))) {
      throw CairnError.notFound('provider')
    }
  }
}

async function providerAt(repositories: Repositories, target: ProtocolTarget): Promise<RegistryProvider> {
  const address = { registryName: 'private', namespace: target.namespace, name: target.type } as const
  const provider = await repositories.registryProviders.findByAddress(target.namespace, address)
  if (provider === undefined) throw CairnError.notFound('provider')
  return provider
}

/** A version's platforms the CLI can install: none unless SHA256SUMS and its signature are in. */
function offeredPlatforms(version: ProviderVersion, platforms: readonly ProviderPlatform[]): ProviderPlatform[] {
  if (version.shasums === null || !version.shasumsSignatureUploaded) return []
  return platforms.filter((platform) => platform.versionId === version.id && platform.binaryUploaded)
}

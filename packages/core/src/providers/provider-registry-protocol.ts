import type { Principal } from '../auth/principal.ts'
import type { StoreCache } from '../caching/store-cache.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { DownloadTally, type DownloadsWritten } from '../modules/download-tally.ts'
import type { CachedOrganizationAccess } from '../organizations/cached-organization-access.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { ProviderRegistryDeps } from './provider-deps.ts'
import { signProviderDownload } from './provider-links.ts'
import { providerBinaryBlobKey } from './provider-platform.ts'
import { shasumsBlobKey, shasumsSignatureBlobKey } from './provider-version.ts'
import type { ProviderDownloadAnswer, ProviderVersionsAnswer } from './provider-views.ts'
import { readServedProvider, type ServedProvider, type ServedProviderLookup } from './served-provider.ts'

type ProtocolTarget = { readonly namespace: string; readonly type: string }

export interface ProviderRegistryProtocolDeps extends Pick<ProviderRegistryDeps, 'unitOfWork' | 'clock' | 'signer'> {
  /** What the protocol serves of each provider, cleared by every write of this process or announced by another. */
  readonly servedProviders: StoreCache<ServedProviderLookup>
  /** Where download counts are written: a unit of work that clears no cache, as for module downloads. */
  readonly countingUnitOfWork: UnitOfWork
  readonly organizationGrants: CachedOrganizationAccess
}

/**
 * The provider registry protocol (`providers.v1`) over private providers, whose namespace is
 * their organization: what `terraform init` and `tofu init` read. Only installable versions are
 * offered (SHA256SUMS, its verified signature and at least one zip in), and in them only the
 * platforms whose zip is in. What the caller may not read is not found, as in `modules.v1`.
 * Answers come from a cache of each provider cleared by every write, and a download answer
 * writes nothing: its count is added by the next `flushDownloads`, as module downloads are.
 */
export class ProviderRegistryProtocol {
  readonly #deps: ProviderRegistryProtocolDeps
  readonly #downloads: DownloadTally

  constructor(deps: ProviderRegistryProtocolDeps) {
    this.#deps = deps
    this.#downloads = new DownloadTally((counts) =>
      deps.countingUnitOfWork.autocommit(({ providerPlatforms }) => providerPlatforms.addDownloads(counts)),
    )
  }

  async versions(target: ProtocolTarget, principal: Principal): Promise<ProviderVersionsAnswer> {
    const served = await this.#served(target, principal)
    return {
      versions: served.versions.map(({ version, protocols, platforms }) => ({
        version,
        protocols,
        platforms: platforms.map(({ os, arch }) => ({ os, arch })),
      })),
    }
  }

  /** One platform's download, counted. */
  async download(
    target: ProtocolTarget & { readonly version: string; readonly os: string; readonly arch: string },
    principal: Principal,
  ): Promise<ProviderDownloadAnswer> {
    const served = await this.#served(target, principal)
    const version = served.versions.find((candidate) => candidate.version === target.version)
    const platform = version?.platforms.find((candidate) => candidate.os === target.os && candidate.arch === target.arch)
    if (version === undefined || platform === undefined) throw CairnError.notFound('provider platform')
    this.#downloads.record(platform.id)
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
      key: version.key,
    }
  }

  /** Writes the downloads counted since the last flush; the server calls it every few seconds and on stopping. */
  flushDownloads(): Promise<DownloadsWritten> {
    return this.#downloads.flush()
  }

  async #served(target: ProtocolTarget, principal: Principal): Promise<ServedProvider> {
    if (!(await this.#deps.organizationGrants.allows(this.#deps.unitOfWork, principal, target.namespace, 'canRead'))) {
      throw CairnError.notFound('provider')
    }
    const key = JSON.stringify([target.namespace, target.type])
    const { served } = await this.#deps.servedProviders.get(key, () =>
      this.#deps.unitOfWork.read((repositories) => readServedProvider(repositories, target)),
    )
    if (served === null) throw CairnError.notFound('provider')
    return served
  }
}

import type { Principal } from '../auth/principal.ts'
import { isCairnError } from '../errors/cairn-error.ts'
import { streamOf } from '../providers/bounded-read.ts'
import type { CachedOrganizationAccess } from '../organizations/cached-organization-access.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { ModuleRegistryProtocol, ProtocolAddress } from '../modules/module-registry-protocol.ts'
import { parseModuleVersion } from '../modules/module-version.ts'
import type { ProtocolVersion } from '../modules/protocol-version.ts'
import { manifestVersion, modulePackageKeys, type ModulePackage } from './module-package.ts'
import { ModulePackages, type ModulePackagesDeps, type PackagedVersion } from './module-packages.ts'
import { EMPTY_CONFIG, EMPTY_CONFIG_CONTENT } from './oci-media-types.ts'
import { parseOciReference, sha256OfDigest, tagOfVersion } from './oci-reference.ts'

export interface OciDistributionDeps extends ModulePackagesDeps {
  readonly unitOfWork: UnitOfWork
  readonly organizationGrants: CachedOrganizationAccess
  /** The registry protocol, whose caches answer which versions are served (its latest, versions and download answers). */
  readonly moduleRegistry: ModuleRegistryProtocol
}

/** A module provider as an OCI repository: `<organization>/modules/<name>/<provider>` (docs/oci.md). */
export interface OciModuleRepository {
  readonly organization: string
  readonly name: string
  readonly provider: string
}

/** A manifest as served: its JSON, exactly, and its SHA-256. */
export interface ServedManifest {
  readonly json: string
  readonly sha256: string
}

/** A blob as served: its size and SHA-256, and its content. */
export interface ServedBlob {
  readonly sha256: string
  readonly size: number
  open(): Promise<ByteStream>
}

/** A page of tags: `n` after `last`, in lexical order, as the distribution spec pages them. */
export interface TagPage {
  readonly last?: string
  readonly n?: number
}

/**
 * The OCI distribution read path over the private registry's modules (reference §4): each `ok`
 * version is a tag whose manifest has one `archive/zip` layer (`ModulePackages`). The caller needs
 * read access to the organization, as on the registry protocol, whose cached answers say what is
 * served: every way of not finding the repository is the same `not_found`; a tag, digest or blob
 * it does not have is `undefined`.
 */
export class OciDistribution {
  readonly #deps: OciDistributionDeps
  readonly #packages: ModulePackages

  constructor(deps: OciDistributionDeps) {
    this.#deps = deps
    this.#packages = new ModulePackages(deps)
  }

  /** The repository's tags (its versions, `+` written `_`), paged; `more` when a page follows. */
  async tags(repository: OciModuleRepository, page: TagPage, principal: Principal) {
    const document = await this.#deps.moduleRegistry.versions(addressOf(repository), principal)
    const versions = JSON.parse(document.json) as readonly { readonly version: string }[]
    const all = versions.map(({ version }) => tagOfVersion(version)).sort()
    const after = page.last === undefined ? all : all.filter((tag) => tag > (page.last ?? ''))
    const tags = page.n === undefined ? after : after.slice(0, page.n)
    return { tags, more: tags.length < after.length }
  }

  /** The manifest a tag or digest names; undefined when the repository has none. */
  async manifest(repository: OciModuleRepository, reference: string, principal: Principal): Promise<ServedManifest | undefined> {
    const address = addressOf(repository)
    const latest = await this.#deps.moduleRegistry.latestVersion(address, principal)
    const named = parseOciReference(reference)
    if (named.kind === 'digest') {
      const found = await this.#withDigest(address, named.sha256, principal)
      return found?.manifestSha256 === named.sha256 ? { json: found.manifest, sha256: found.manifestSha256 } : undefined
    }
    const version = await this.#servedVersion(address, named.kind === 'latest' ? latest : named.version, principal)
    if (version === undefined) return undefined
    const built = await this.#packages.of(version)
    return { json: built.manifest, sha256: built.manifestSha256 }
  }

  /** The blob with this digest (a version's zip, or the empty config); undefined when the repository has none. */
  async blob(repository: OciModuleRepository, digest: string, principal: Principal): Promise<ServedBlob | undefined> {
    const address = addressOf(repository)
    await this.#deps.moduleRegistry.latestVersion(address, principal)
    const sha256 = sha256OfDigest(digest)
    if (sha256 === undefined) return undefined
    if (digest === EMPTY_CONFIG.digest) {
      return { sha256, size: EMPTY_CONFIG.size, open: async () => streamOf(new TextEncoder().encode(EMPTY_CONFIG_CONTENT)) }
    }
    const found = await this.#withDigest(address, sha256, principal)
    if (found?.zipSha256 !== sha256) return undefined
    return { sha256, size: found.zipSize, open: () => this.#deps.blobs.get(modulePackageKeys(found.id).zip) }
  }

  /**
   * The version spelled exactly as stored (a tag is never another spelling, or its package's
   * manifest would name that spelling), with its archive; undefined when it is not served.
   */
  async #servedVersion(address: ProtocolAddress, version: string, principal: Principal): Promise<PackagedVersion | undefined> {
    if (!isStoredSpelling(version)) return undefined
    const served = await this.#deps.moduleRegistry.servedVersion({ ...address, version }, principal)
    return served === null ? undefined : { id: served.id, version, archive: served.archive }
  }

  /**
   * A package of a version as it is served now with this digest: a package kept in memory when
   * its version still serves its archive, else from the store among the served versions' packages.
   */
  async #withDigest(address: ProtocolAddress, sha256: string, principal: Principal): Promise<ModulePackage | undefined> {
    if (sha256 === '') return undefined
    const kept = this.#packages.keptWithDigest(sha256)
    const version = kept === undefined ? undefined : manifestVersion(kept.manifest)
    const served = version === undefined ? undefined : await this.#servedVersion(address, version, principal)
    if (kept !== undefined && served?.id === kept.versionId && served.archive.sha256 === kept.archiveSha256) return kept
    return this.#packages.withDigest(await this.#served(address, principal), sha256)
  }

  /** The provider's `ok` versions with their archives, read from the store. */
  async #served(address: ProtocolAddress, principal: Principal): Promise<PackagedVersion[]> {
    const versions = await this.#deps.unitOfWork.read(async (repositories) => {
      await this.#deps.organizationGrants.require(repositories, principal, address.namespace, 'canRead')
      return repositories.moduleCatalog.servedVersions({
        organizationName: address.namespace,
        address: { registryName: 'private', ...address },
      })
    })
    return versions.filter(hasArchive)
  }
}

function addressOf({ organization, name, provider }: OciModuleRepository): ProtocolAddress {
  return { namespace: organization, name, provider }
}

function isStoredSpelling(version: string): boolean {
  try {
    return parseModuleVersion(version) === version
  } catch (error) {
    if (isCairnError(error)) return false
    throw error
  }
}

function hasArchive(version: ProtocolVersion): version is ProtocolVersion & PackagedVersion {
  return version.archive !== null
}

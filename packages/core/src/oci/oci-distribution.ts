import semver from 'semver'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { streamOf } from '../providers/bounded-read.ts'
import type { CachedOrganizationAccess } from '../organizations/cached-organization-access.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { ProtocolVersion } from '../modules/protocol-version.ts'
import { modulePackageKeys } from './module-package.ts'
import { ModulePackages, type ModulePackagesDeps, type PackagedVersion } from './module-packages.ts'
import { EMPTY_CONFIG, EMPTY_CONFIG_CONTENT } from './oci-media-types.ts'
import { parseOciReference, sha256OfDigest, tagOfVersion } from './oci-reference.ts'

export interface OciDistributionDeps extends ModulePackagesDeps {
  readonly unitOfWork: UnitOfWork
  readonly organizationGrants: CachedOrganizationAccess
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
 * read access to the organization, as on the registry protocol: every way of not finding the
 * repository is the same `not_found`; a tag, digest or blob it does not have is `undefined`.
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
    const versions = await this.#served(repository, principal)
    const all = versions.map(({ version }) => tagOfVersion(version)).sort()
    const after = page.last === undefined ? all : all.filter((tag) => tag > (page.last ?? ''))
    const tags = page.n === undefined ? after : after.slice(0, page.n)
    return { tags, more: tags.length < after.length }
  }

  /** The manifest a tag or digest names; undefined when the repository has none. */
  async manifest(repository: OciModuleRepository, reference: string, principal: Principal): Promise<ServedManifest | undefined> {
    const versions = await this.#served(repository, principal)
    const named = parseOciReference(reference)
    if (named.kind === 'digest') {
      const found = await this.#packages.withDigest(versions, named.sha256)
      return found?.manifestSha256 === named.sha256 ? { json: found.manifest, sha256: found.manifestSha256 } : undefined
    }
    const version = named.kind === 'latest' ? latestRelease(versions) : versions.find((served) => served.version === named.version)
    if (version === undefined) return undefined
    const built = await this.#packages.of(version)
    return { json: built.manifest, sha256: built.manifestSha256 }
  }

  /** The blob with this digest (a version's zip, or the empty config); undefined when the repository has none. */
  async blob(repository: OciModuleRepository, digest: string, principal: Principal): Promise<ServedBlob | undefined> {
    const versions = await this.#served(repository, principal)
    const sha256 = sha256OfDigest(digest)
    if (sha256 === undefined) return undefined
    if (digest === EMPTY_CONFIG.digest)
      return { sha256, size: EMPTY_CONFIG.size, open: async () => streamOf(new TextEncoder().encode(EMPTY_CONFIG_CONTENT)) }
    const found = await this.#packages.withDigest(versions, sha256)
    if (found?.zipSha256 !== sha256) return undefined
    return { sha256, size: found.zipSize, open: () => this.#deps.blobs.get(modulePackageKeys(found.id).zip) }
  }

  /** The repository's `ok` versions; `not_found` when there are none or the caller may not read them. */
  async #served(repository: OciModuleRepository, principal: Principal): Promise<PackagedVersion[]> {
    const versions = await this.#deps.unitOfWork.read(async (repositories) => {
      await this.#deps.organizationGrants.require(repositories, principal, repository.organization, 'canRead')
      const { organization: namespace, name, provider } = repository
      return repositories.moduleCatalog.servedVersions({
        organizationName: namespace,
        address: { registryName: 'private', namespace, name, provider },
      })
    })
    const served = versions.filter(hasArchive)
    if (served.length === 0) throw CairnError.notFound('repository')
    return served
  }
}

function hasArchive(version: ProtocolVersion): version is ProtocolVersion & PackagedVersion {
  return version.archive !== null
}

/** The highest version, releases before pre-releases, as the registry protocol's latest. */
function latestRelease(versions: readonly PackagedVersion[]): PackagedVersion | undefined {
  const releases = versions.filter(({ version }) => semver.prerelease(version) === null)
  return [...(releases.length > 0 ? releases : versions)].sort((a, b) => semver.rcompare(a.version, b.version))[0]
}

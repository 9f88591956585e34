import semver from 'semver'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { CachedOrganizationAccess } from '../organizations/cached-organization-access.ts'
import { readCheck } from '../organizations/organization-access.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { StoreCache } from '../caching/store-cache.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { DownloadLinks } from './download-links.ts'
import { DownloadTally, type DownloadsWritten } from './download-tally.ts'
import type { ModuleMetadata } from './module-metadata.ts'
import { parseModuleVersion, type ModuleVersionSummary } from './module-version.ts'
import { ProtocolAnswers, type ProtocolAnswer } from './protocol-answers.ts'
import type { ServedArchive, VersionsDocument } from './protocol-version.ts'
import type { RegistryModule } from './registry-module.ts'

export interface ModuleRegistryProtocolDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock'> {
  readonly blobs: BlobStore
  readonly signer: UrlSigner
  /** The hot path's answers by module provider (and version), cleared by every write of this process or announced by another. */
  readonly protocolAnswers: StoreCache<ProtocolAnswer>
  /**
   * Where download counts are written: a unit of work that clears no cache, since no cache holds
   * counts, and a flush every few seconds would otherwise empty them as often.
   */
  readonly countingUnitOfWork: UnitOfWork
  /** What the caller may do in the organization, for the reads past the hot path. */
  readonly organizationGrants: CachedOrganizationAccess
}

/** Private modules are addressed by organization, namespace (the organization again), name and provider. */
export interface ProtocolAddress {
  readonly namespace: string
  readonly name: string
  readonly provider: string
}

/** A module provider and its latest version that is ready to consume. */
export interface PublishedModule {
  readonly module: RegistryModule
  readonly latest: ModuleVersionSummary
}

export interface BrowseQuery {
  /** Only this organization's modules; `not_found` when the caller may not read it. */
  readonly namespace?: string
  readonly search?: string
  readonly provider?: string
  readonly offset: number
  readonly limit: number
}

/** One version of a module provider as the detail endpoints show it. */
export interface ModuleVersionDetail extends PublishedModule {
  readonly version: ModuleVersionSummary
  readonly metadata: ModuleMetadata | null
  /** Every provider of this module that has a version ready to consume. */
  readonly providers: readonly string[]
  /** Every version of this provider that is ready to consume, oldest first. */
  readonly versions: readonly string[]
}

/**
 * The module registry protocol for private modules (spec §1.4–5): what `init` calls to find,
 * list and download module versions. Only `ok` versions exist here. `:namespace` is the
 * organization; the caller needs read access to it, and anything else is `not_found`.
 */
export class ModuleRegistryProtocol {
  readonly #deps: ModuleRegistryProtocolDeps
  readonly #downloads: DownloadTally
  readonly #links: DownloadLinks
  readonly #answers: ProtocolAnswers

  constructor(deps: ModuleRegistryProtocolDeps) {
    this.#deps = deps
    this.#answers = new ProtocolAnswers(deps.protocolAnswers)
    this.#downloads = new DownloadTally((counts) =>
      deps.countingUnitOfWork.autocommit(({ moduleHousekeeping }) => moduleHousekeeping.addDownloads(counts)),
    )
    this.#links = new DownloadLinks(deps.signer, deps.clock)
  }

  /** Writes the downloads counted since the last flush; the server calls it every few seconds and on stopping. */
  flushDownloads(): Promise<DownloadsWritten> {
    return this.#downloads.flush()
  }

  /** A page of published modules of the organizations the caller reads; `more` when another page follows. */
  browse(query: BrowseQuery, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const organizationNames = await readableOrganizations(this.#deps.organizationGrants, repositories, principal, query.namespace)
      const { moduleCatalog } = repositories
      const modules = await moduleCatalog.published({
        ...(organizationNames !== undefined && { organizationNames }),
        ...(query.search !== undefined && { search: query.search }),
        ...(query.provider !== undefined && { provider: query.provider }),
        offset: query.offset,
        limit: query.limit + 1,
      })
      const page = modules.slice(0, query.limit)
      return { modules: await withLatest(repositories, page), more: modules.length > query.limit }
    })
  }

  /** The latest version of every provider of a module. */
  latestOfProviders(address: Omit<ProtocolAddress, 'provider'>, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories) => {
      await this.#deps.organizationGrants.require(repositories, principal, address.namespace, 'canRead')
      const providers = await repositories.registryModules.providersOf(address.namespace, { registryName: 'private', ...address })
      const published = await withLatest(repositories, providers)
      if (published.length === 0) throw CairnError.notFound('registry module')
      return published
    })
  }

  /**
   * The versions of a module provider that are ready to consume, with what each requires: the
   * `versions` answer's list as the store keeps it written, shared by every caller who may read it.
   */
  async versions(address: ProtocolAddress, principal: Principal): Promise<VersionsDocument> {
    await this.#requireReadable(address.namespace, principal)
    const { document } = await this.#answers.versions(address, async () => {
      const json = await this.#deps.unitOfWork.read(({ moduleCatalog }) => moduleCatalog.versionsDocument(servedQuery(address)))
      return json === null ? null : { json }
    })
    if (document === null) throw CairnError.notFound('registry module')
    return document
  }

  /**
   * One version (the latest when none is named) with its metadata, in three statements: the
   * module's providers (this one among them), the versions of all of them, the one metadata.
   */
  detail(address: ProtocolAddress & { readonly version?: string }, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories): Promise<ModuleVersionDetail> => {
      await this.#deps.organizationGrants.require(repositories, principal, address.namespace, 'canRead')
      const { registryModules, moduleVersions, moduleCatalog } = repositories
      const providers = await registryModules.providersOf(address.namespace, { registryName: 'private', ...address })
      const module = providers.find(({ provider }) => provider === address.provider)
      if (module === undefined) throw CairnError.notFound('registry module')
      const versionsOf = await moduleVersions.versionsOf(providers.map(({ id }) => id))
      const readyOf = ({ id }: RegistryModule) => ready(versionsOf.get(id) ?? [])
      const versions = readyOf(module)
      if (versions.length === 0) throw CairnError.notFound('registry module')
      const latest = latestOf(versions)
      const version = address.version === undefined ? latest : named(versions, address.version)
      const metadata = await moduleCatalog.versionMetadata([version.id])
      return {
        module,
        latest,
        version,
        metadata: metadata.get(version.id) ?? null,
        providers: providers.filter((provider) => readyOf(provider).length > 0).map(({ provider }) => provider),
        versions: versions.map(({ version }) => version),
      }
    })
  }

  /** The latest version that is ready to consume. */
  async latestVersion(address: ProtocolAddress, principal: Principal): Promise<string> {
    await this.#requireReadable(address.namespace, principal)
    const { version } = await this.#answers.latest(address, async () => {
      const served = await this.#deps.unitOfWork.read(({ moduleCatalog }) => moduleCatalog.servedVersions(servedQuery(address)))
      return served.length === 0 ? null : latestOf(served).version
    })
    if (version === null) throw CairnError.notFound('registry module')
    return version
  }

  /**
   * Counts a download of the version (written by the next `flushDownloads`) and returns the token
   * of a link to its archive, which works without credentials until it expires and stops working
   * once the archive is replaced or deleted.
   */
  async download(address: ProtocolAddress & { readonly version: string }, principal: Principal) {
    await this.#requireReadable(address.namespace, principal)
    const { served } = await this.#answers.archive(address, () => this.#servedArchive(address))
    if (served === null) throw CairnError.notFound('registry module version')
    this.#downloads.record(served.id)
    return { token: this.#links.tokenFor(served.archive) }
  }

  /**
   * The `ok` version spelled `version`, with its archive, as `download` finds it (through the same
   * cache) but counting no download: for the OCI read path. Null when there is none.
   */
  async servedVersion(address: ProtocolAddress & { readonly version: string }, principal: Principal): Promise<ServedArchive | null> {
    await this.#requireReadable(address.namespace, principal)
    const { served } = await this.#answers.archive(address, () => this.#servedArchive(address))
    return served
  }

  /** Whether an archive link is good; a forged, altered or expired one, or a gone archive, is `not_found`. */
  async hasArchive(token: string): Promise<void> {
    if (!(await this.#deps.blobs.has(this.#blobKey(token)))) throw CairnError.notFound('archive')
  }

  /** The archive behind a link, streamed; `not_found` as for `hasArchive`. */
  openArchive(token: string): Promise<ByteStream> {
    return this.#deps.blobs.get(this.#blobKey(token))
  }

  #blobKey(token: string): string {
    const blobKey = this.#deps.signer.verify('module-download', token, this.#deps.clock.now())
    if (blobKey === undefined) throw CairnError.notFound('archive')
    return blobKey
  }

  /**
   * The hot path's check (versions, download, latest): whether the caller may read the
   * organization, from its own cache by caller and organization. Every way of not finding what the
   * path names (no such organization, provider or version, no access, no version ready) is the
   * same `not_found`, which reveals nothing.
   */
  async #requireReadable(namespace: string, principal: Principal): Promise<void> {
    const check = readCheck(principal, namespace)
    const readable =
      check.kind === 'member'
        ? await this.#deps.organizationGrants.allows(this.#deps.unitOfWork, principal, namespace, 'canRead')
        : check.kind === 'granted'
    if (!readable) throw CairnError.notFound('registry module')
  }

  /**
   * One version's archive, in one read of that version alone. The CLI asks for a version as
   * `versions` listed it: only another spelling (`v1.2.0`) is parsed, and read again as stored.
   */
  async #servedArchive(address: ProtocolAddress & { readonly version: string }): Promise<ServedArchive | null> {
    const read = (version: string) =>
      this.#deps.unitOfWork.read(({ moduleCatalog }) => moduleCatalog.servedArchive({ ...servedQuery(address), version }))
    const listed = await read(address.version)
    if (listed !== undefined) return listed
    const wanted = spelledVersion(address.version)
    return wanted === address.version ? null : ((await read(wanted)) ?? null)
  }
}

/** The private module provider a protocol path names. */
function servedQuery({ namespace, name, provider }: ProtocolAddress) {
  return { organizationName: namespace, address: { registryName: 'private' as const, namespace, name, provider } }
}

/**
 * The organizations whose modules the caller reads: the one named (`not_found` unless readable),
 * else all of them for the operator (undefined) or those the caller belongs to.
 */
async function readableOrganizations(
  grants: CachedOrganizationAccess,
  repositories: Repositories,
  principal: Principal,
  namespace: string | undefined,
) {
  if (namespace !== undefined) {
    await grants.require(repositories, principal, namespace, 'canRead')
    return [namespace]
  }
  switch (principal.kind) {
    case 'operator':
      return undefined
    case 'organization':
      return [principal.organizationName]
    case 'team':
      return [principal.team.organizationName]
    case 'user':
      return (await repositories.memberships.organizationsOf([principal.user.id])).get(principal.user.id) ?? []
  }
}

function ready(versions: readonly ModuleVersionSummary[]): ModuleVersionSummary[] {
  return versions.filter((version) => version.status === 'ok')
}

/** The highest version, releases before pre-releases. */
function latestOf<V extends { readonly version: string }>(versions: readonly V[]): V {
  const releases = versions.filter((version) => semver.prerelease(version.version) === null)
  const candidates = releases.length > 0 ? releases : versions
  const [latest] = [...candidates].sort((a, b) => semver.rcompare(a.version, b.version))
  if (latest === undefined) throw CairnError.notFound('registry module version')
  return latest
}

/** A version as a path spells it, normalised; one that is no version is not found. */
function spelledVersion(spelled: string): string {
  try {
    return parseModuleVersion(spelled)
  } catch {
    throw CairnError.notFound('registry module version')
  }
}

function named<V extends { readonly version: string }>(versions: readonly V[], spelled: string): V {
  const wanted = spelledVersion(spelled)
  const found = versions.find((version) => version.version === wanted)
  if (found === undefined) throw CairnError.notFound('registry module version')
  return found
}

/** Each module with its latest ready version, in the given order; modules without one are left out. */
async function withLatest(repositories: Repositories, modules: readonly RegistryModule[]): Promise<PublishedModule[]> {
  const versions = await repositories.moduleVersions.versionsOf(modules.map((module) => module.id))
  return modules.flatMap((module) => {
    const published = ready(versions.get(module.id) ?? [])
    return published.length === 0 ? [] : [{ module, latest: latestOf(published) }]
  })
}

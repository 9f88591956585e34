import {
  CairnError,
  protocolVersionOf,
  type ModuleAddress,
  type ModuleMetadata,
  type ModuleVersion,
  type ModuleVersionSummary,
  type Page,
  type PublishedModuleQuery,
  type RegistryModule,
  type RegistryModuleQuery,
  type RegistryModuleRepository,
  type ProtocolVersion,
  type ServedVersionsQuery,
} from '@cairn/core'
import { compareText, contains, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

const byAddress = (a: RegistryModule, b: RegistryModule) =>
  compareText(a.namespace, b.namespace) || compareText(a.name, b.name) || compareText(a.provider, b.provider) || compareText(a.registryName, b.registryName)

const sameModule = (a: Omit<ModuleAddress, 'provider'>, b: Omit<ModuleAddress, 'provider'>) =>
  a.registryName === b.registryName && a.namespace === b.namespace && a.name === b.name

export class InMemoryRegistryModuleRepository implements RegistryModuleRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(query: RegistryModuleQuery): Promise<Page<RegistryModule>> {
    const { organizationName, search, registryName, provider } = query
    const matching = [...this.#state.registryModules.values()]
      .filter((m) => m.organizationName === organizationName)
      .filter((m) => registryName === undefined || m.registryName === registryName)
      .filter((m) => provider === undefined || m.provider === provider)
      .filter((m) => search === undefined || matches(m, search))
      .sort(query.sort === 'recently-published' ? this.#byLatestPublish() : byAddress)
    return pageOf(matching, query.page)
  }

  /** Newest latest-ok-version first, modules without one last, then by address. */
  #byLatestPublish(): (a: RegistryModule, b: RegistryModule) => number {
    const latest = new Map<string, number>()
    for (const version of this.#state.moduleVersions.values()) {
      if (version.status !== 'ok') continue
      latest.set(version.moduleId, Math.max(latest.get(version.moduleId) ?? 0, version.createdAt.getTime()))
    }
    return (a, b) => (latest.get(b.id) ?? -1) - (latest.get(a.id) ?? -1) || byAddress(a, b)
  }

  async findById(id: string): Promise<RegistryModule | undefined> {
    return this.#state.registryModules.get(id)
  }

  async findByAddress(organizationName: string, address: ModuleAddress): Promise<RegistryModule | undefined> {
    return [...this.#state.registryModules.values()].find(
      (m) => m.organizationName === organizationName && sameModule(m, address) && m.provider === address.provider,
    )
  }

  async findByWebhookTokenDigest(digest: string): Promise<RegistryModule | undefined> {
    return [...this.#state.registryModules.values()].find((module) => module.vcsRepo?.webhook?.tokenDigest === digest)
  }

  async providersOf(organizationName: string, address: Omit<ModuleAddress, 'provider'>): Promise<RegistryModule[]> {
    return [...this.#state.registryModules.values()]
      .filter((m) => m.organizationName === organizationName && sameModule(m, address))
      .sort((a, b) => compareText(a.provider, b.provider))
  }

  async add(module: RegistryModule): Promise<void> {
    if (!this.#state.organizations.has(module.organizationName)) throw CairnError.notFound('organization')
    if (await this.findByAddress(module.organizationName, module)) throw CairnError.invalidField('name', 'has already been taken')
    this.#state.registryModules.set(module.id, module)
  }

  async update(module: RegistryModule): Promise<void> {
    if (!this.#state.registryModules.has(module.id)) throw CairnError.notFound('registry module')
    this.#state.registryModules.set(module.id, module)
  }

  async vcsModules(after: string, limit: number): Promise<Pick<RegistryModule, 'id' | 'organizationName'>[]> {
    return [...this.#state.registryModules.values()]
      .filter((module) => module.publishingMechanism !== 'non_vcs' && module.id > after)
      .map(({ id, organizationName }) => ({ id, organizationName }))
      .sort((a, b) => compareText(a.id, b.id))
      .slice(0, limit)
  }

  async stuckUploadIds(before: Date, limit: number): Promise<string[]> {
    return [...this.#state.moduleVersions.values()]
      .flatMap(({ id, attempt }) => (attempt?.status === 'reg_ingressing' && attempt.at < before ? [{ id, at: attempt.at.getTime() }] : []))
      .sort((a, b) => a.at - b.at || compareText(a.id, b.id))
      .map((version) => version.id)
      .slice(0, limit)
  }

  async remove(id: string): Promise<void> {
    this.#state.registryModules.delete(id)
    deleteWhere(this.#state.moduleVersions, (version) => version.moduleId === id)
  }

  async published(query: PublishedModuleQuery): Promise<RegistryModule[]> {
    const { organizationNames, namespace, provider, search } = query
    const versions = [...this.#state.moduleVersions.values()]
    const ready = new Set(versions.filter((version) => version.status === 'ok').map((version) => version.moduleId))
    return [...this.#state.registryModules.values()]
      .filter((m) => m.registryName === 'private' && ready.has(m.id))
      .filter((m) => organizationNames === undefined || organizationNames.includes(m.organizationName))
      .filter((m) => (namespace === undefined || m.namespace === namespace) && (provider === undefined || m.provider === provider))
      .filter((m) => search === undefined || matches(m, search))
      .sort((a, b) => byAddress(a, b) || compareText(a.organizationName, b.organizationName))
      .slice(query.offset, query.offset + query.limit)
  }

  async versionsOf(moduleIds: readonly string[]): Promise<Map<string, ModuleVersionSummary[]>> {
    const result = new Map<string, ModuleVersionSummary[]>(moduleIds.map((id) => [id, []]))
    const versions = [...this.#state.moduleVersions.values()].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareText(a.id, b.id),
    )
    for (const { metadata: _metadata, ...version } of versions) {
      result.get(version.moduleId)?.push({ ...version, downloads: this.#state.moduleDownloads.get(version.id) ?? 0 })
    }
    return result
  }

  async servedVersions(query: ServedVersionsQuery): Promise<ProtocolVersion[]> {
    const module = await this.findByAddress(query.organizationName, query.address)
    const versions = module === undefined ? [] : ((await this.versionsOf([module.id])).get(module.id) ?? [])
    return versions
      .filter((v) => v.status === 'ok')
      .map((version) => protocolVersionOf(version, this.#state.moduleVersions.get(version.id)?.metadata ?? null))
  }

  async versionMetadata(versionIds: readonly string[]): Promise<Map<string, ModuleMetadata>> {
    return new Map(
      versionIds.flatMap((id) => {
        const metadata = this.#state.moduleVersions.get(id)?.metadata
        return metadata ? [[id, metadata]] : []
      }),
    )
  }

  async addDownloads(counts: ReadonlyMap<string, number>): Promise<void> {
    for (const [id, count] of counts) {
      if (this.#state.moduleVersions.has(id)) this.#state.moduleDownloads.set(id, (this.#state.moduleDownloads.get(id) ?? 0) + count)
    }
  }

  async findVersionById(id: string): Promise<ModuleVersion | undefined> {
    return this.#state.moduleVersions.get(id)
  }

  async findVersion(moduleId: string, version: string): Promise<ModuleVersion | undefined> {
    return [...this.#state.moduleVersions.values()].find((v) => v.moduleId === moduleId && v.version === version)
  }

  async addVersion(version: ModuleVersion): Promise<void> {
    if (!this.#state.registryModules.has(version.moduleId)) throw CairnError.notFound('registry module')
    if (await this.findVersion(version.moduleId, version.version)) {
      throw CairnError.invalidField('version', 'has already been taken')
    }
    this.#state.moduleVersions.set(version.id, version)
  }

  async updateVersion(version: ModuleVersion): Promise<void> {
    if (!this.#state.moduleVersions.has(version.id)) throw CairnError.notFound('registry module version')
    this.#state.moduleVersions.set(version.id, version)
  }

  async removeVersion(id: string): Promise<void> {
    this.#state.moduleVersions.delete(id)
    this.#state.moduleDownloads.delete(id)
  }

  async archiveKeysOfOrganization(organizationName: string): Promise<string[]> {
    return [...this.#state.moduleVersions.values()].flatMap((version) => {
      const module = this.#state.registryModules.get(version.moduleId)
      return module?.organizationName === organizationName && version.archive !== null ? [version.archive.blobKey] : []
    })
  }
}

function matches(module: RegistryModule, search: string): boolean {
  return [module.name, module.namespace, module.provider].some((value) => contains(value, search))
}

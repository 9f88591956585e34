import {
  CairnError,
  type ModuleAddress,
  type Page,
  type RegistryModule,
  type RegistryModuleQuery,
  type RegistryModuleRepository,
} from '@cairn/core'
import { byAddress, matches, moduleAt, sameModule } from './in-memory-module-reads.ts'
import { compareText, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

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
    return moduleAt(this.#state, organizationName, address)
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
    if (moduleAt(this.#state, module.organizationName, module)) throw CairnError.invalidField('name', 'has already been taken')
    this.#state.registryModules.set(module.id, module)
  }

  async update(module: RegistryModule): Promise<void> {
    if (!this.#state.registryModules.has(module.id)) throw CairnError.notFound('registry module')
    this.#state.registryModules.set(module.id, module)
  }

  async remove(id: string): Promise<void> {
    this.#state.registryModules.delete(id)
    deleteWhere(this.#state.moduleVersions, (version) => version.moduleId === id)
  }
}

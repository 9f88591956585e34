import {
  CairnError,
  type ModuleAddress,
  type ModuleVersion,
  type Page,
  type RegistryModule,
  type RegistryModuleQuery,
  type RegistryModuleRepository,
} from '@cairn/core'
import { compareText, contains, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

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
      .filter((m) => search === undefined || [m.name, m.namespace, m.provider].some((value) => contains(value, search)))
      .sort((a, b) => compareText(a.namespace, b.namespace) || compareText(a.name, b.name) || compareText(a.provider, b.provider) || compareText(a.registryName, b.registryName))
    return pageOf(matching, query.page)
  }

  async findById(id: string): Promise<RegistryModule | undefined> {
    return this.#state.registryModules.get(id)
  }

  async findByAddress(organizationName: string, address: ModuleAddress): Promise<RegistryModule | undefined> {
    return [...this.#state.registryModules.values()].find(
      (m) => m.organizationName === organizationName && sameModule(m, address) && m.provider === address.provider,
    )
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

  async remove(id: string): Promise<void> {
    this.#state.registryModules.delete(id)
    deleteWhere(this.#state.moduleVersions, (version) => version.moduleId === id)
  }

  async versionsOf(moduleIds: readonly string[]): Promise<Map<string, ModuleVersion[]>> {
    const result = new Map<string, ModuleVersion[]>(moduleIds.map((id) => [id, []]))
    const versions = [...this.#state.moduleVersions.values()].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareText(a.id, b.id),
    )
    for (const version of versions) result.get(version.moduleId)?.push(version)
    return result
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
  }

  async archiveKeysOfOrganization(organizationName: string): Promise<string[]> {
    return [...this.#state.moduleVersions.values()].flatMap((version) => {
      const module = this.#state.registryModules.get(version.moduleId)
      return module?.organizationName === organizationName && version.archive !== null ? [version.archive.blobKey] : []
    })
  }
}

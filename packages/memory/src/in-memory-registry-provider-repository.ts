import {
  CairnError,
  type Page,
  type ProviderAddress,
  type RegistryProvider,
  type RegistryProviderQuery,
  type RegistryProviderRepository,
} from '@cairn/core'
import { removeVersionsWhere } from './in-memory-provider-version-repository.ts'
import { compareText, contains, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryRegistryProviderRepository implements RegistryProviderRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(query: RegistryProviderQuery): Promise<Page<RegistryProvider>> {
    const { organizationName, search, registryName } = query
    const matching = [...this.#state.registryProviders.values()]
      .filter((p) => p.organizationName === organizationName)
      .filter((p) => registryName === undefined || p.registryName === registryName)
      .filter((p) => search === undefined || contains(p.name, search) || contains(p.namespace, search))
      .sort(byAddress)
    return pageOf(matching, query.page)
  }

  async findById(id: string): Promise<RegistryProvider | undefined> {
    return this.#state.registryProviders.get(id)
  }

  async findByAddress(organizationName: string, address: ProviderAddress): Promise<RegistryProvider | undefined> {
    return providerAt(this.#state, organizationName, address)
  }

  async add(provider: RegistryProvider): Promise<void> {
    if (!this.#state.organizations.has(provider.organizationName)) throw CairnError.notFound('organization')
    if (providerAt(this.#state, provider.organizationName, provider)) throw CairnError.invalidField('name', 'has already been taken')
    this.#state.registryProviders.set(provider.id, provider)
  }

  async remove(id: string): Promise<void> {
    this.#state.registryProviders.delete(id)
    removeVersionsWhere(this.#state, (version) => version.providerId === id)
  }
}

function providerAt(state: InMemoryState, organizationName: string, address: ProviderAddress): RegistryProvider | undefined {
  return [...state.registryProviders.values()].find(
    (p) =>
      p.organizationName === organizationName &&
      p.registryName === address.registryName &&
      p.namespace === address.namespace &&
      p.name === address.name,
  )
}

function byAddress(a: RegistryProvider, b: RegistryProvider): number {
  return compareText(a.registryName, b.registryName) || compareText(a.namespace, b.namespace) || compareText(a.name, b.name)
}

import type { RegistryName } from '../modules/module-address.ts'
import type { ProviderAddress, RegistryProvider } from '../providers/registry-provider.ts'
import type { Page, PageRequest } from '../shared/page.ts'

export interface RegistryProviderQuery {
  readonly organizationName: string
  /** Only providers whose name or namespace contains this, case-insensitively. */
  readonly search?: string
  readonly registryName?: RegistryName
  readonly page: PageRequest
}

/** An organization's registry providers; their versions are `ProviderVersionRepository`'s. */
export interface RegistryProviderRepository {
  /** A page of an organization's providers, by registry, namespace and name. */
  list(query: RegistryProviderQuery): Promise<Page<RegistryProvider>>
  /** The provider with this id; undefined when there is none. */
  findById(id: string): Promise<RegistryProvider | undefined>
  /** The organization's provider at `address`; undefined when there is none. */
  findByAddress(organizationName: string, address: ProviderAddress): Promise<RegistryProvider | undefined>
  /**
   * Stores a new provider. Raises `invalid` on `name` when the organization has a provider at the
   * address, and `not_found` when the organization does not exist.
   */
  add(provider: RegistryProvider): Promise<void>
  /** Removes a provider with its versions and their platforms; nothing happens when there is none. */
  remove(id: string): Promise<void>
}

import type { ModuleAddress, RegistryName } from '../modules/module-address.ts'
import type { RegistryModule } from '../modules/registry-module.ts'
import type { Page, PageRequest } from '../shared/page.ts'

export interface RegistryModuleQuery {
  readonly organizationName: string
  /** Only modules whose name, namespace or provider contains this, case-insensitively. */
  readonly search?: string
  readonly registryName?: RegistryName
  readonly provider?: string
  /**
   * `name` (the default): by namespace, name and provider. `recently-published`: by the creation
   * of each module's latest `ok` version, newest first, modules without one last, then by name.
   */
  readonly sort?: RegistryModuleSort
  readonly page: PageRequest
}

export type RegistryModuleSort = 'name' | 'recently-published'

/** An organization's registry modules (module providers); their versions are `ModuleVersionRepository`'s. */
export interface RegistryModuleRepository {
  /** A page of an organization's module providers, ordered as `query.sort` says. */
  list(query: RegistryModuleQuery): Promise<Page<RegistryModule>>
  /** The module provider with this id; undefined when there is none. */
  findById(id: string): Promise<RegistryModule | undefined>
  /** The organization's module provider at `address`; undefined when there is none. */
  findByAddress(organizationName: string, address: ModuleAddress): Promise<RegistryModule | undefined>
  /**
   * The VCS module whose `vcsRepo.webhook.tokenDigest` is `digest`: webhooks find their module by
   * a one-way digest of the token, never by the token itself, so the lookup's timing reveals nothing of it.
   */
  findByWebhookTokenDigest(digest: string): Promise<RegistryModule | undefined>
  /** Every provider of one module (same registry, namespace and name), ordered by provider. */
  providersOf(organizationName: string, address: Omit<ModuleAddress, 'provider'>): Promise<RegistryModule[]>
  /**
   * Stores a new module provider. Raises `invalid` on `name` when the address is taken, and
   * `not_found` when its organization does not exist.
   */
  add(module: RegistryModule): Promise<void>
  /** Replaces a stored module provider. Raises `not_found` when there is none with its id. */
  update(module: RegistryModule): Promise<void>
  /** Removes a module provider with all its versions; nothing happens when there is none. */
  remove(id: string): Promise<void>
}

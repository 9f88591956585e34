import type { ModuleAddress, RegistryName } from '../modules/module-address.ts'
import type { ModuleMetadata } from '../modules/module-metadata.ts'
import type { ModuleVersion, ModuleVersionSummary } from '../modules/module-version.ts'
import type { ProtocolVersion } from '../modules/protocol-version.ts'
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

/** Private modules that have a version ready to consume, across organizations (registry protocol). */
export interface PublishedModuleQuery {
  /** Only modules of these organizations; of every organization when absent. */
  readonly organizationNames?: readonly string[]
  readonly namespace?: string
  /** Only modules whose name, namespace or provider contains this, case-insensitively. */
  readonly search?: string
  readonly provider?: string
  readonly offset: number
  readonly limit: number
}

/** The `ok` versions of one module provider that the registry protocol serves (the caller's access is checked apart). */
export interface ServedVersionsQuery {
  readonly organizationName: string
  readonly address: ModuleAddress
}

/** An organization's registry modules and their versions. */
export interface RegistryModuleRepository {
  /** A page of an organization's module providers, ordered by namespace, name and provider. */
  list(query: RegistryModuleQuery): Promise<Page<RegistryModule>>
  findById(id: string): Promise<RegistryModule | undefined>
  findByAddress(organizationName: string, address: ModuleAddress): Promise<RegistryModule | undefined>
  /**
   * The VCS module whose `vcsRepo.webhook.tokenDigest` is `digest`: webhooks find their module by
   * a one-way digest of the token, never by the token itself, so the lookup's timing reveals nothing of it.
   */
  findByWebhookTokenDigest(digest: string): Promise<RegistryModule | undefined>
  /** Every provider of one module (same registry, namespace and name), ordered by provider. */
  providersOf(organizationName: string, address: Omit<ModuleAddress, 'provider'>): Promise<RegistryModule[]>
  /** Stores a new module provider. Raises `invalid` on `name` when the address is taken. */
  add(module: RegistryModule): Promise<void>
  update(module: RegistryModule): Promise<void>
  /**
   * The module providers published from VCS (their ids and organizations), in id order, with ids
   * after `after`, at most `limit`.
   */
  vcsModules(after: string, limit: number): Promise<Pick<RegistryModule, 'id' | 'organizationName'>[]>
  /**
   * Ids of the versions whose latest attempt (by either route) came to `reg_ingressing` before
   * `before`, oldest first, at most `limit`: attempts that may have been lost.
   */
  stuckUploadIds(before: Date, limit: number): Promise<string[]>
  /** Removes a module provider with all its versions. */
  remove(id: string): Promise<void>
  /**
   * Private module providers with at least one `ok` version, ordered by namespace, name and
   * provider, from `offset`, at most `limit`.
   */
  published(query: PublishedModuleQuery): Promise<RegistryModule[]>
  /** The versions of each of these module providers, oldest first, without their metadata. */
  versionsOf(moduleIds: readonly string[]): Promise<Map<string, ModuleVersionSummary[]>>
  /**
   * The registry protocol's hot path (`versions`, `download`, latest), in one read: the `ok`
   * versions of the provider at `address`, oldest first, with only the requirements of their
   * metadata; empty when there is no such provider.
   */
  servedVersions(query: ServedVersionsQuery): Promise<ProtocolVersion[]>
  /** The metadata of each of these versions that has some; only where metadata is shown. */
  versionMetadata(versionIds: readonly string[]): Promise<Map<string, ModuleMetadata>>
  /** Adds each version's count to its downloads in place, without reading them first; unknown ids are skipped. */
  addDownloads(counts: ReadonlyMap<string, number>): Promise<void>
  findVersionById(id: string): Promise<ModuleVersion | undefined>
  findVersion(moduleId: string, version: string): Promise<ModuleVersion | undefined>
  /** Stores a new version. Raises `invalid` on `version` when the provider has it already. */
  addVersion(version: ModuleVersion): Promise<void>
  updateVersion(version: ModuleVersion): Promise<void>
  removeVersion(id: string): Promise<void>
  /** The blob keys of every archive of an organization's modules, to delete with it. */
  archiveKeysOfOrganization(organizationName: string): Promise<string[]>
}

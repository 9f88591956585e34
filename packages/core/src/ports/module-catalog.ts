import type { ModuleAddress } from '../modules/module-address.ts'
import type { ModuleMetadata } from '../modules/module-metadata.ts'
import type { ProtocolVersion, ServedArchive } from '../modules/protocol-version.ts'
import type { RegistryModule } from '../modules/registry-module.ts'

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

/** One version of a module provider, spelled exactly as stored (`1.2.0`). */
export interface ServedVersionQuery extends ServedVersionsQuery {
  readonly version: string
}

/**
 * What the module registry protocol reads, shaped for it: the modules it lists, the versions it
 * serves and the metadata of one version's detail. Read-only.
 */
export interface ModuleCatalog {
  /**
   * Private module providers with at least one `ok` version, ordered by namespace, name and
   * provider, from `offset`, at most `limit`.
   */
  published(query: PublishedModuleQuery): Promise<RegistryModule[]>
  /**
   * The registry protocol's hot path (`versions`, `download`, latest), in one read: the `ok`
   * versions of the provider at `address`, oldest first, with only the requirements of their
   * metadata; empty when there is no such provider.
   */
  servedVersions(query: ServedVersionsQuery): Promise<ProtocolVersion[]>
  /**
   * `versionsJson` of `servedVersions`, as the store keeps it: written in the transaction of every
   * change to the provider's versions (a publish, a deletion, a version going `ok`), so it is never
   * staler than they are, and read in one indexed read. Null when `servedVersions` is empty.
   */
  versionsDocument(query: ServedVersionsQuery): Promise<string | null>
  /** The `ok` version of the provider at `address` spelled `version`, for `download`: only that version is read. */
  servedArchive(query: ServedVersionQuery): Promise<ServedArchive | undefined>
  /** The metadata of each of these versions that has some; only where metadata is shown. */
  versionMetadata(versionIds: readonly string[]): Promise<Map<string, ModuleMetadata>>
}

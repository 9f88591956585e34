import type { ModuleVersion, ModuleVersionSummary } from '../modules/module-version.ts'

/**
 * The versions of registry modules, with their archive and latest attempt: what the version
 * lifecycle (`ModuleVersion`'s transitions) loads and stores.
 */
export interface ModuleVersionRepository {
  /** The version with this id, with its metadata; undefined when there is none. */
  findById(id: string): Promise<ModuleVersion | undefined>
  /** The version `version` (as parsed, e.g. `1.0.0`) of a module provider; undefined when it has none. */
  find(moduleId: string, version: string): Promise<ModuleVersion | undefined>
  /** The versions of each of these module providers, oldest first, with their downloads and without their metadata. */
  versionsOf(moduleIds: readonly string[]): Promise<Map<string, ModuleVersionSummary[]>>
  /**
   * Stores a new version. Raises `invalid` on `version` when the provider has it already, and
   * `not_found` when there is no such provider.
   */
  add(version: ModuleVersion): Promise<void>
  /** Replaces a stored version, leaving its downloads alone. Raises `not_found` when there is none with its id. */
  update(version: ModuleVersion): Promise<void>
  /** Removes a version with its downloads; nothing happens when there is none. */
  remove(id: string): Promise<void>
}

import type { RegistryModule } from '../modules/registry-module.ts'

/**
 * The background work's reads and writes across every organization's modules, in bulk and
 * without loading them: download counts, and what the sweeps and the VCS poller walk through.
 */
export interface ModuleHousekeeping {
  /** Adds each version's count to its downloads in place, without reading them first; unknown ids are skipped. */
  addDownloads(counts: ReadonlyMap<string, number>): Promise<void>
  /**
   * Ids of the versions whose latest attempt (by either route) came to `reg_ingressing` before
   * `before`, oldest first, at most `limit`: attempts that may have been lost.
   */
  stuckUploadIds(before: Date, limit: number): Promise<string[]>
  /**
   * The module providers published from VCS (their ids and organizations), in id order, with ids
   * after `after`, at most `limit`.
   */
  vcsModules(after: string, limit: number): Promise<Pick<RegistryModule, 'id' | 'organizationName'>[]>
  /** The blob keys of every archive of an organization's modules, to delete with it. */
  archiveKeysOfOrganization(organizationName: string): Promise<string[]>
}

import type { ProviderPlatform } from '../providers/provider-platform.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** The platforms of provider versions, stored. */
export interface ProviderPlatformRepository {
  /** A page of a version's platforms, by os then arch. */
  list(versionId: string, page: PageRequest): Promise<Page<ProviderPlatform>>
  /** Every platform of each of these versions, by version, os then arch. */
  allOf(versionIds: readonly string[]): Promise<ProviderPlatform[]>
  /** The version's platform for `os`/`arch`; undefined when there is none. */
  find(versionId: string, os: string, arch: string): Promise<ProviderPlatform | undefined>
  /** The platform with this id; undefined when there is none. */
  findById(id: string): Promise<ProviderPlatform | undefined>
  /**
   * Stores a new platform. Raises `invalid` on `os` when the version has a platform for its os
   * and arch, and `not_found` when the version does not exist.
   */
  add(platform: ProviderPlatform): Promise<void>
  /** Replaces a stored platform. Raises `not_found` when there is none with its id. */
  update(platform: ProviderPlatform): Promise<void>
  /** Removes a platform; nothing happens when there is none. */
  remove(id: string): Promise<void>
  /**
   * Adds each count to its platform's downloads, in one statement (see `UnitOfWork.autocommit`);
   * a platform since deleted is skipped.
   */
  addDownloads(counts: ReadonlyMap<string, number>): Promise<void>
}

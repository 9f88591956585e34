import type { ProviderVersion } from '../providers/provider-version.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** Provider versions, stored; their platforms are `ProviderPlatformRepository`'s. */
export interface ProviderVersionRepository {
  /** A page of a provider's versions, highest semver first (1.10.0 above 1.9.0, a prerelease below its release). */
  list(providerId: string, page: PageRequest): Promise<Page<ProviderVersion>>
  /** Every version of each of these providers, highest semver first (for `include` and the protocol). */
  allOf(providerIds: readonly string[]): Promise<ProviderVersion[]>
  /** The provider's version `version`; undefined when there is none. */
  find(providerId: string, version: string): Promise<ProviderVersion | undefined>
  /** The version with this id; undefined when there is none. */
  findById(id: string): Promise<ProviderVersion | undefined>
  /**
   * Stores a new version. Raises `invalid` on `version` when the provider has it already, and
   * `not_found` when the provider does not exist.
   */
  add(version: ProviderVersion): Promise<void>
  /** Replaces a stored version. Raises `not_found` when there is none with its id. */
  update(version: ProviderVersion): Promise<void>
  /** Removes a version with its platforms; nothing happens when there is none. */
  remove(id: string): Promise<void>
}

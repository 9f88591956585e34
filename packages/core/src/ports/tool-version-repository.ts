import type { Page, PageRequest } from '../shared/page.ts'
import type { ToolVersion, ToolVersionUsage } from '../tool-versions/tool-version.ts'

export interface ToolVersionQuery {
  /** Only the version equal to this. */
  readonly exactVersion?: string
  /** Only versions containing this, case-insensitively. */
  readonly versionContains?: string
  readonly page: PageRequest
}

/** Tool versions, stored. Lists are filtered, ordered (oldest first) and paged by the store. */
export interface ToolVersionRepository {
  /** A page of tool versions with their usage counts. */
  list(query: ToolVersionQuery): Promise<Page<ToolVersionUsage>>
  /** The tool version with this id, or undefined. */
  findById(id: string): Promise<ToolVersion | undefined>
  /** The tool versions with these ids, in no particular order (an id of none is left out), in one read: a list's page names a few. */
  findByIds(ids: readonly string[]): Promise<ToolVersion[]>
  /** Stores a new tool version. Raises `invalid` on `version` when that version already exists. */
  add(toolVersion: ToolVersion): Promise<void>
  /** Replaces a stored tool version. Raises `invalid` on `version` when another has that version. */
  update(toolVersion: ToolVersion): Promise<void>
  /** Removes a tool version. Raises `invalid` when a workspace still uses it. */
  remove(id: string): Promise<void>
}

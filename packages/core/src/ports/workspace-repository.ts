import type { Workspace } from '../workspaces/workspace.ts'

/** Workspaces, stored. A workspace name is unique within its organization. */
export interface WorkspaceRepository {
  findById(id: string): Promise<Workspace | undefined>
  /** Stores a new workspace. Raises `invalid` on `name` when its organization has one so named. */
  add(workspace: Workspace): Promise<void>
  /** How many workspaces run the tool version with this id. */
  countUsingToolVersion(toolVersionId: string): Promise<number>
}

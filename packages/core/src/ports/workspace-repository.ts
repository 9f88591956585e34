import type { RunStatus } from '../runs/run.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { Workspace } from '../workspaces/workspace.ts'

export type WorkspaceSortKey = 'name' | 'currentRunCreatedAt' | 'latestChangeAt'

export interface WorkspaceQuery {
  /** Only this organization's workspaces. */
  readonly organizationName?: string
  /** Only workspaces whose name or organization name contains this, case-insensitively. */
  readonly search?: string
  /** Only workspaces whose current run has one of these statuses. */
  readonly currentRunStatuses?: readonly RunStatus[]
  /** The order; ties (and the default) are broken by id, so the order is stable. */
  readonly sort?: { readonly key: WorkspaceSortKey; readonly descending: boolean }
  readonly page: PageRequest
}

/** How many workspaces have a current run of each status (`none`: no run yet), and in all. */
export interface WorkspaceStatusCounts {
  readonly byStatus: Readonly<Partial<Record<RunStatus, number>>>
  readonly none: number
  readonly total: number
}

/** A page of workspaces and the counts by status of all those its organization and search select. */
export interface WorkspacePageWithCounts {
  readonly page: Page<Workspace>
  readonly statusCounts: WorkspaceStatusCounts
}

/** Workspaces, stored. A workspace name is unique within its organization. */
export interface WorkspaceRepository {
  /** A page of workspaces, filtered, sorted and paged by the store. */
  list(query: WorkspaceQuery): Promise<Page<Workspace>>
  /**
   * `list`'s page with the counts by current-run status of the workspaces the query's organization
   * and search select (its status filter aside), read together: the admin list shows both.
   */
  listWithStatusCounts(query: WorkspaceQuery): Promise<WorkspacePageWithCounts>
  findById(id: string): Promise<Workspace | undefined>
  findByName(organizationName: string, name: string): Promise<Workspace | undefined>
  /** Stores a new workspace. Raises `invalid` on `name` when its organization has one so named. */
  add(workspace: Workspace): Promise<void>
  update(workspace: Workspace): Promise<void>
  /** Removes a workspace with its runs. */
  remove(id: string): Promise<void>
  /** How many workspaces run the tool version with this id. */
  countUsingToolVersion(toolVersionId: string): Promise<number>
}

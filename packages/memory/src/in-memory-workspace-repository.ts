import {
  CairnError,
  type Page,
  type Workspace,
  type WorkspaceQuery,
  type WorkspaceRepository,
  type WorkspaceSortKey,
  type WorkspaceStatusCounts,
  type RunStatus,
} from '@cairn/core'
import { compareText, contains, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

const SORT_VALUE: Record<WorkspaceSortKey, (workspace: Workspace) => string | number | null> = {
  name: (workspace) => workspace.name,
  currentRunCreatedAt: (workspace) => workspace.currentRun?.createdAt.getTime() ?? null,
  latestChangeAt: (workspace) => workspace.latestChangeAt.getTime(),
}

export class InMemoryWorkspaceRepository implements WorkspaceRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(query: WorkspaceQuery): Promise<Page<Workspace>> {
    const { organizationName, search, currentRunStatuses, sort } = query
    const matching = [...this.#state.workspaces.values()]
      .filter((w) => organizationName === undefined || w.organizationName === organizationName)
      .filter((w) => search === undefined || contains(w.name, search) || contains(w.organizationName, search))
      .filter((w) => currentRunStatuses === undefined || (w.currentRun !== null && currentRunStatuses.includes(w.currentRun.status)))
      .sort((a, b) => {
        if (sort === undefined) return compareText(a.id, b.id)
        // Ties are broken by id in the same direction, so a descending list is the exact reverse of
        // an ascending one and one index on (key, id) serves both.
        const order = compareSortValues(SORT_VALUE[sort.key](a), SORT_VALUE[sort.key](b)) || compareText(a.id, b.id)
        return sort.descending ? -order : order
      })
    return pageOf(matching, query.page)
  }

  async listWithStatusCounts(query: WorkspaceQuery): Promise<{ page: Page<Workspace>; statusCounts: WorkspaceStatusCounts }> {
    const { organizationName, search } = query
    const selected = { ...(organizationName !== undefined && { organizationName }), ...(search !== undefined && { search }) }
    return { page: await this.list(query), statusCounts: await this.#statusCounts(selected) }
  }

  async #statusCounts(query: Pick<WorkspaceQuery, 'organizationName' | 'search'>): Promise<WorkspaceStatusCounts> {
    const { items } = await this.list({ ...query, page: { number: 1, size: Number.MAX_SAFE_INTEGER } })
    const byStatus: Partial<Record<RunStatus, number>> = {}
    let none = 0
    for (const { currentRun } of items) {
      if (currentRun === null) none += 1
      else byStatus[currentRun.status] = (byStatus[currentRun.status] ?? 0) + 1
    }
    return { byStatus, none, total: items.length }
  }

  async findById(id: string): Promise<Workspace | undefined> {
    return this.#state.workspaces.get(id)
  }

  async findByName(organizationName: string, name: string): Promise<Workspace | undefined> {
    return [...this.#state.workspaces.values()].find((w) => w.organizationName === organizationName && w.name === name)
  }

  async add(workspace: Workspace): Promise<void> {
    if (!this.#state.organizations.has(workspace.organizationName)) throw CairnError.notFound('organization')
    const { toolVersionId } = workspace
    if (toolVersionId !== null && !this.#state.toolVersions.has(toolVersionId)) {
      throw CairnError.invalidField('toolVersion', 'does not exist')
    }
    this.#assertUnique(workspace)
    this.#state.workspaces.set(workspace.id, workspace)
  }

  async update(workspace: Workspace): Promise<void> {
    if (!this.#state.workspaces.has(workspace.id)) throw CairnError.notFound('workspace')
    this.#assertUnique(workspace)
    this.#state.workspaces.set(workspace.id, workspace)
  }

  async remove(id: string): Promise<void> {
    this.#state.workspaces.delete(id)
    deleteWhere(this.#state.runs, (run) => run.workspaceId === id)
  }

  async countUsingToolVersion(toolVersionId: string): Promise<number> {
    return countUsing(this.#state, toolVersionId)
  }

  #assertUnique(workspace: Workspace): void {
    for (const other of this.#state.workspaces.values()) {
      if (other.id !== workspace.id && other.organizationName === workspace.organizationName && other.name === workspace.name) {
        throw CairnError.invalidField('name', 'has already been taken')
      }
    }
  }
}

/** Nulls sort last ascending, first descending, as PostgreSQL orders them. */
function compareSortValues(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return a < b ? -1 : 1
}

export function countUsing(state: InMemoryState, toolVersionId: string): number {
  let count = 0
  for (const workspace of state.workspaces.values()) {
    if (workspace.toolVersionId === toolVersionId) count += 1
  }
  return count
}

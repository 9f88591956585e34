import type { Page, RunStatus, Workspace, WorkspaceQuery, WorkspaceRepository, WorkspaceSortKey, WorkspaceStatusCounts } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import { raw, type QBFilterQuery, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { WorkspaceSchema, type WorkspaceRecord } from '../schema/workspace.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'
import { toWorkspace, toWorkspaceRecord } from './workspace-mapper.ts'

type Direction = 'asc' | 'desc'

/** The order of each sort key; each has an index on (column, id). */
const ORDER = {
  name: (direction: Direction) => ({ name: direction, id: direction }),
  currentRunCreatedAt: (direction: Direction) => ({ currentRunCreatedAt: direction, id: direction }),
  latestChangeAt: (direction: Direction) => ({ latestChangeAt: direction, id: direction }),
} as const satisfies Record<WorkspaceSortKey, unknown>

export class MikroOrmWorkspaceRepository implements WorkspaceRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(query: WorkspaceQuery): Promise<Page<Workspace>> {
    const found = await findPage(
      this.#em,
      WorkspaceSchema,
      { $and: conditionsOf(query) } as QBFilterQuery<WorkspaceRecord>,
      orderOf(query.sort),
      query.page,
    )
    return pageOf(found, query.page, toWorkspace)
  }

  /** One grouped query, served by the index on the current run's status. */
  async statusCounts(query: Pick<WorkspaceQuery, 'organizationName' | 'search'>): Promise<WorkspaceStatusCounts> {
    const rows = await this.#em
      .createQueryBuilder(WorkspaceSchema)
      .select(['currentRunStatus', raw('count(*) as count')])
      // The same conditions as `list`; the query builder types them differently, to the same effect.
      .where({ $and: conditionsOf({ ...query, page: { number: 1, size: 1 } }) } as QBFilterQuery<WorkspaceRecord>)
      .groupBy('currentRunStatus')
      .execute<{ current_run_status: RunStatus | null; count: string | number }[]>('all', false)
    const byStatus: Partial<Record<RunStatus, number>> = {}
    let none = 0
    for (const row of rows) {
      if (row.current_run_status === null) none = Number(row.count)
      else byStatus[row.current_run_status] = Number(row.count)
    }
    return { byStatus, none, total: rows.reduce((sum, row) => sum + Number(row.count), 0) }
  }

  async findById(id: string): Promise<Workspace | undefined> {
    const record = await this.#em.findOne(WorkspaceSchema, { id }, FRESH)
    return record === null ? undefined : toWorkspace(record)
  }

  async findByName(organizationName: string, name: string): Promise<Workspace | undefined> {
    const record = await this.#em.findOne(WorkspaceSchema, { organization: organizationName, name }, FRESH)
    return record === null ? undefined : toWorkspace(record)
  }

  async add(workspace: Workspace): Promise<void> {
    await translated(() => this.#em.insert(WorkspaceSchema, toWorkspaceRecord(workspace)))
  }

  async update(workspace: Workspace): Promise<void> {
    const { id, ...fields } = toWorkspaceRecord(workspace)
    await updatedOne('workspace', () => this.#em.nativeUpdate(WorkspaceSchema, { id }, fields))
  }

  /** The database removes its runs (cascade). */
  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(WorkspaceSchema, { id }), 'delete')
  }

  async countUsingToolVersion(toolVersionId: string): Promise<number> {
    return this.#em.count(WorkspaceSchema, { toolVersion: toolVersionId })
  }
}

function conditionsOf(query: WorkspaceQuery): FilterQuery<WorkspaceRecord>[] {
  const conditions: FilterQuery<WorkspaceRecord>[] = []
  if (query.organizationName !== undefined) conditions.push({ organization: query.organizationName })
  if (query.search !== undefined) {
    const pattern = containing(query.search)
    conditions.push({ $or: [{ name: { $ilike: pattern } }, { organization: { $ilike: pattern } }] })
  }
  if (query.currentRunStatuses !== undefined) conditions.push({ currentRunStatus: { $in: [...query.currentRunStatuses] } })
  return conditions
}

/**
 * Ties are broken by id in the sort's direction, so an index on (column, id) serves both
 * directions; NULLs come last ascending and first descending, PostgreSQL's default.
 */
function orderOf(sort: WorkspaceQuery['sort']) {
  if (sort === undefined) return { id: 'asc' } as const
  return ORDER[sort.key](sort.descending ? 'desc' : 'asc')
}

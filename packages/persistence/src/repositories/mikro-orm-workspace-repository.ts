import {
  isRunStatus,
  RUN_STATUSES,
  type Page,
  type RunStatus,
  type Workspace,
  type WorkspaceQuery,
  type WorkspaceRepository,
  type WorkspaceSortKey,
  type WorkspaceStatusCounts,
} from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import { raw, type QBFilterQuery, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { WorkspaceSchema, type WorkspaceRecord } from '../schema/workspace.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { keptCount, keptCountRows, type KeyCondition } from './kept-counts.ts'
import { findShapedPage, MATCHES, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'
import { runShaped, shapedStatement, type BuiltQuery, type Placeholders } from './shaped-statement.ts'
import { fromWorkspaceRow, toWorkspace, toWorkspaceRecord, type WorkspaceRow } from './workspace-mapper.ts'

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
    return pageOf(await this.#page(query, false), query.page, fromWorkspaceRow)
  }

  /**
   * The status counts come in the page's statement, as a column of its rows: from the kept counts
   * without a search, counted over the matches with one. Only without rows to carry them (an empty
   * page), or when a status filter leaves out some of the matches, are they read apart.
   */
  async listWithStatusCounts(query: WorkspaceQuery): Promise<{ page: Page<Workspace>; statusCounts: WorkspaceStatusCounts }> {
    const found = await this.#page(query, true)
    const counted = found[0][0]?.[STATUS_COUNTS]
    const statusCounts = counted === undefined ? await this.#statusCounts(query) : statusCountsOf(Object.entries(counted ?? {}))
    return { page: pageOf(found, query.page, fromWorkspaceRow), statusCounts }
  }

  /**
   * One prepared statement per shape of the filters and order; the total is the kept counts' (see
   * `keptCount`) unless the list searches, when the matches the trigram indexes find are counted.
   */
  #page(query: WorkspaceQuery, withStatusCounts: boolean) {
    const { organizationName, search, sort } = query
    const statuses = statusesOf(query)
    const order = sort === undefined ? 'id' : `${sort.key}${sort.descending ? '_desc' : ''}`
    const counts = withStatusCounts ? '_c' : ''
    const shape = `workspaces_${organizationName === undefined ? '' : 'o'}${search === undefined ? '' : 's'}${statusShape(statuses)}${counts}_${order}`
    return findShapedPage<WorkspaceRecord, WorkspaceFilter, WorkspaceRow & { readonly [STATUS_COUNTS]?: unknown }>(
      this.#em,
      shape,
      WorkspaceSchema,
      (placeholders) => {
        const where = { $and: conditionsOf(query, statuses, placeholders) } as QBFilterQuery<WorkspaceRecord>
        const orderBy = orderOf(sort)
        if (search !== undefined)
          return { where, orderBy, sortMatches: true, extra: withStatusCounts && statuses === undefined ? [STATUS_COUNTS_OF_MATCHES] : [] }
        const total = keptCount(this.#em, 'workspace_counts', keyConditions(organizationName, statuses, placeholders))
        const extra = withStatusCounts ? [this.#keptStatusCounts(organizationName, placeholders)] : []
        return { where, orderBy, total, extra, keyedBy: 'id' }
      },
      valuesOf(query),
      query.page,
    )
  }

  /** The status counts column from the counts the store keeps by organization and status, summed by status. */
  #keptStatusCounts(organizationName: string | undefined, placeholders: Placeholders<WorkspaceFilter>): BuiltQuery {
    const { sql, params } = keptCountsByStatus(this.#em, organizationName, placeholders)
    return { sql: `(select json_object_agg(current_run_status, count) from (${sql}) as counted) as ${STATUS_COUNTS}`, params }
  }

  /** Apart from a page: summed by status from the kept counts, or one grouped query over a search's matches. */
  async #statusCounts(query: Pick<WorkspaceQuery, 'organizationName' | 'search'>): Promise<WorkspaceStatusCounts> {
    const { organizationName, search } = query
    const rows =
      search === undefined
        ? await runShaped<{ current_run_status: string; count: string | number }, WorkspaceFilter>(
            this.#em,
            shapedStatement<WorkspaceFilter>(this.#em, `workspace_counts_${organizationName === undefined ? '' : 'o'}`, (placeholders) =>
              keptCountsByStatus(this.#em, organizationName, placeholders),
            ),
            valuesOf(query),
          )
        : await this.#em
            .createQueryBuilder(WorkspaceSchema)
            .select(['currentRunStatus', raw('count(*) as count')])
            .where({ $and: conditionsOf(query, undefined, valuesIn(query)) } as QBFilterQuery<WorkspaceRecord>)
            .groupBy('currentRunStatus')
            .execute<{ current_run_status: string | null; count: string | number }[]>('all', false)
    return statusCountsOf(rows.map((row) => [row.current_run_status ?? '', row.count]))
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

/** The kept counts of the workspaces (of one organization) summed by status: a row a status, where they are kept a row an organization and status. */
function keptCountsByStatus(
  em: EntityManager,
  organizationName: string | undefined,
  placeholders: Placeholders<WorkspaceFilter>,
): BuiltQuery {
  const { sql, params } = keptCountRows(em, 'workspace_counts', keyConditions(organizationName, undefined, placeholders))
  return { sql: `select current_run_status, sum(count) as count from (${sql}) as kept group by current_run_status`, params }
}

/** The column of a searching list's rows that holds its matches' counts by status (`''`: none), as JSON. */
const STATUS_COUNTS = 'cairn_status_counts'

/** That column, counted over the matches the page is sorted from (see `sortMatches`). */
const STATUS_COUNTS_OF_MATCHES: BuiltQuery = {
  sql:
    `(select json_object_agg(status, count) from (select coalesce(current_run_status, '') as status, count(*) as count ` +
    `from ${MATCHES} group by 1) as counted) as ${STATUS_COUNTS}`,
  params: [],
}

/** Counts by status (`''` or null: no run yet) as the port gives them; an unknown status is left out. */
function statusCountsOf(entries: Iterable<readonly [unknown, unknown]>): WorkspaceStatusCounts {
  const byStatus: Partial<Record<RunStatus, number>> = {}
  let none = 0
  let total = 0
  for (const [status, value] of entries) {
    const count = Number(value)
    total += count
    if (status === '' || status === null) none += count
    else if (count !== 0 && typeof status === 'string' && isRunStatus(status)) byStatus[status] = (byStatus[status] ?? 0) + count
  }
  return { byStatus, none, total }
}

/** The values a workspace list's statement takes. */
type WorkspaceFilter = 'organizationName' | 'search'

/** A request's values of a workspace list's statement: a search as a LIKE pattern. */
function valuesOf(query: Pick<WorkspaceQuery, 'organizationName' | 'search'>): Record<WorkspaceFilter, string | undefined> {
  return { organizationName: query.organizationName, search: query.search === undefined ? undefined : containing(query.search) }
}

/** In place of placeholders, the request's values themselves: for a statement that is not prepared. */
function valuesIn(query: Pick<WorkspaceQuery, 'organizationName' | 'search'>): Placeholders<WorkspaceFilter> {
  const values = valuesOf(query)
  return { text: (parameter) => values[parameter] ?? '', number: () => 0 }
}

/** The statuses a query filters by, once each and in the order of RUN_STATUSES: part of its statement's shape. */
function statusesOf(query: WorkspaceQuery): readonly RunStatus[] | undefined {
  const wanted = query.currentRunStatuses
  return wanted === undefined ? undefined : RUN_STATUSES.filter((status) => wanted.includes(status))
}

/** The statuses as a shape's name: a bit for each of RUN_STATUSES. */
function statusShape(statuses: readonly RunStatus[] | undefined): string {
  if (statuses === undefined) return ''
  return `_st${statuses.reduce((mask, status) => mask | (1 << RUN_STATUSES.indexOf(status)), 0).toString(36)}`
}

function conditionsOf(
  query: Pick<WorkspaceQuery, 'organizationName' | 'search'>,
  statuses: readonly RunStatus[] | undefined,
  placeholders: Placeholders<WorkspaceFilter>,
): FilterQuery<WorkspaceRecord>[] {
  const conditions: FilterQuery<WorkspaceRecord>[] = []
  if (query.organizationName !== undefined) conditions.push({ organization: placeholders.text('organizationName') })
  if (query.search !== undefined) {
    const pattern = placeholders.text('search')
    conditions.push({ $or: [{ name: { $ilike: pattern } }, { organization: { $ilike: pattern } }] })
  }
  if (statuses !== undefined) conditions.push({ currentRunStatus: { $in: [...statuses] } })
  return conditions
}

/** The same filters over the kept counts' keys; statuses are of RUN_STATUSES, so written into the statement. */
function keyConditions(
  organizationName: string | undefined,
  statuses: readonly RunStatus[] | undefined,
  placeholders: Placeholders<WorkspaceFilter>,
): KeyCondition[] {
  const keys: KeyCondition[] = []
  if (organizationName !== undefined) keys.push({ sql: 'organization_name = ?', params: [placeholders.text('organizationName')] })
  if (statuses !== undefined)
    keys.push({
      sql: statuses.length === 0 ? 'false' : `current_run_status in (${statuses.map((status) => `'${status}'`).join(', ')})`,
      params: [],
    })
  return keys
}

/**
 * Ties are broken by id in the sort's direction, so an index on (column, id) serves both
 * directions; NULLs come last ascending and first descending, PostgreSQL's default.
 */
function orderOf(sort: WorkspaceQuery['sort']) {
  if (sort === undefined) return { id: 'asc' } as const
  return ORDER[sort.key](sort.descending ? 'desc' : 'asc')
}

import type { Page, Workspace, WorkspaceQuery, WorkspaceRepository, WorkspaceSortKey } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { WorkspaceSchema, type WorkspaceRecord } from '../schema/workspace.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { pageOf, pageWindow } from './paging.ts'
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
    const found = await this.#em.findAndCount(WorkspaceSchema, { $and: conditionsOf(query) }, {
      ...FRESH,
      orderBy: orderOf(query.sort),
      ...pageWindow(query.page),
    })
    return pageOf(found, query.page, toWorkspace)
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

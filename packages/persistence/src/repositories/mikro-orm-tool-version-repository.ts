import {
  type Page,
  type ToolArchive,
  type ToolVersion,
  type ToolVersionQuery,
  type ToolVersionRepository,
  type ToolVersionUsage,
} from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import { sql, type QBFilterQuery, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ToolVersionSchema, type ToolVersionRecord } from '../schema/tool-version.schema.ts'
import { WorkspaceSchema } from '../schema/workspace.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { tableOf } from './module-query-parts.ts'
import { findShapedPage, PAGED } from './paging.ts'
import { executePrepared, preparedStatement } from './prepared-statement.ts'
import { FRESH } from './read-options.ts'
import type { BuiltQuery } from './shaped-statement.ts'
import { timestampOf } from './row-values.ts'

export class MikroOrmToolVersionRepository implements ToolVersionRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(query: ToolVersionQuery): Promise<Page<ToolVersionUsage>> {
    const { exactVersion, versionContains } = query
    const shape = `tool_versions_${exactVersion === undefined ? '' : 'exact'}_${versionContains === undefined ? '' : 'containing'}`
    const [rows, total] = await findShapedPage<ToolVersionRecord, ToolVersionFilter, ToolVersionRow>(
      this.#em,
      shape,
      ToolVersionSchema,
      (placeholders) => {
        const conditions: FilterQuery<ToolVersionRecord>[] = []
        if (exactVersion !== undefined) conditions.push({ version: placeholders.text('exactVersion') })
        if (versionContains !== undefined) conditions.push({ version: { $ilike: placeholders.text('versionContains') } })
        const where = { $and: conditions } as QBFilterQuery<ToolVersionRecord>
        return { where, orderBy: { createdAt: 'asc', id: 'asc' }, extra: [this.#usage()] }
      },
      { exactVersion, versionContains: versionContains === undefined ? undefined : containing(versionContains) },
      query.page,
    )
    const items = rows.map((row) => ({ toolVersion: fromToolVersionRow(row), usage: Number(row.usage) }))
    return { items, total, request: query.page }
  }

  async findById(id: string): Promise<ToolVersion | undefined> {
    const record = await this.#em.findOne(ToolVersionSchema, { id }, FRESH)
    return record === null ? undefined : toToolVersion(record)
  }

  /**
   * A prepared statement for each number of ids up to `BY_IDS_CHUNK`, its rows mapped straight to
   * domain objects: the ORM's `find` built and hydrated a query for each page of workspaces, and
   * cost more than the page itself.
   */
  async findByIds(ids: readonly string[]): Promise<ToolVersion[]> {
    const unique = [...new Set(ids)]
    const table = tableOf(this.#em.config.get('schema'), ToolVersionSchema)
    const found: ToolVersion[] = []
    for (let start = 0; start < unique.length; start += BY_IDS_CHUNK) {
      const chunk = unique.slice(start, start + BY_IDS_CHUNK)
      const placeholders = chunk.map(() => '?').join(', ')
      const statement = preparedStatement(
        `cairn_tool_versions_by_${chunk.length}_ids`,
        `select * from ${table} where id in (${placeholders})`,
      )
      const rows = await executePrepared<Omit<ToolVersionRow, 'usage'>>(this.#em, statement, chunk)
      found.push(...rows.map(fromToolVersionRow))
    }
    return found
  }

  async add(toolVersion: ToolVersion): Promise<void> {
    await translated(() => this.#em.insert(ToolVersionSchema, { ...toolVersion, archs: [...toolVersion.archs] }))
  }

  async update(toolVersion: ToolVersion): Promise<void> {
    const { id, ...fields } = toolVersion
    await updatedOne('tool version', () => this.#em.nativeUpdate(ToolVersionSchema, { id }, { ...fields, archs: [...fields.archs] }))
  }

  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(ToolVersionSchema, { id }), 'delete')
  }

  /** How many workspaces use each tool version of a page, in the page's statement (the workspaces' index by tool version serves it). */
  #usage(): BuiltQuery {
    const using = this.#em
      .createQueryBuilder(WorkspaceSchema, 'w')
      .count()
      .where({ toolVersion: sql.ref(`${PAGED}.id`) })
    return { sql: `(${using.getQuery()}) as usage`, params: using.getParams() }
  }
}

function toToolVersion(record: ToolVersionRecord): ToolVersion {
  return {
    id: record.id,
    version: record.version,
    url: record.url,
    sha: record.sha,
    archs: record.archs,
    deprecated: record.deprecated,
    deprecatedReason: record.deprecatedReason ?? null,
    official: record.official,
    enabled: record.enabled,
    beta: record.beta,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

/** The most ids one statement of `findByIds` takes: a page's most. */
const BY_IDS_CHUNK = 100

/** The values a tool version list's statement takes. */
type ToolVersionFilter = 'exactVersion' | 'versionContains'

/** A row of the list's statement, as the driver returns it: column names, counts as text on PostgreSQL. */
interface ToolVersionRow {
  readonly id: string
  readonly version: string
  readonly url: string
  readonly sha: string
  readonly archs: ToolArchive[]
  readonly deprecated: boolean
  readonly deprecated_reason: string | null
  readonly official: boolean
  readonly enabled: boolean
  readonly beta: boolean
  readonly created_at: Date | string
  readonly updated_at: Date | string
  readonly usage: string | number
}

function fromToolVersionRow(row: Omit<ToolVersionRow, 'usage'>): ToolVersion {
  return {
    id: row.id,
    version: row.version,
    url: row.url,
    sha: row.sha,
    archs: row.archs,
    deprecated: row.deprecated,
    deprecatedReason: row.deprecated_reason,
    official: row.official,
    enabled: row.enabled,
    beta: row.beta,
    createdAt: timestampOf(row.created_at),
    updatedAt: timestampOf(row.updated_at),
  }
}

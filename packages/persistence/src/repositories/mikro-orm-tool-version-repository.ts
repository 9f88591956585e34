import {
  type Page,
  type ToolVersion,
  type ToolVersionQuery,
  type ToolVersionRepository,
  type ToolVersionUsage,
} from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import { raw, type QBFilterQuery, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ToolVersionSchema, type ToolVersionRecord } from '../schema/tool-version.schema.ts'
import { WorkspaceSchema } from '../schema/workspace.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { findPageData } from './paging.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmToolVersionRepository implements ToolVersionRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(query: ToolVersionQuery): Promise<Page<ToolVersionUsage>> {
    const conditions: FilterQuery<ToolVersionRecord>[] = []
    if (query.exactVersion !== undefined) conditions.push({ version: query.exactVersion })
    if (query.versionContains !== undefined) conditions.push({ version: { $ilike: containing(query.versionContains) } })
    const [records, total] = await findPageData<ToolVersionRecord, ToolVersionRecord>(
      this.#em,
      ToolVersionSchema,
      { $and: conditions } as QBFilterQuery<ToolVersionRecord>,
      { createdAt: 'asc', id: 'asc' },
      query.page,
    )
    const usage = await this.#usageOf(records.map((record) => record.id))
    const items = records.map((record) => ({ toolVersion: toToolVersion(record), usage: usage.get(record.id) ?? 0 }))
    return { items, total, request: query.page }
  }

  async findById(id: string): Promise<ToolVersion | undefined> {
    const record = await this.#em.findOne(ToolVersionSchema, { id }, FRESH)
    return record === null ? undefined : toToolVersion(record)
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

  /** Workspace counts for one page of tool versions, in one grouped query. */
  async #usageOf(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map()
    const rows = await this.#em
      .createQueryBuilder(WorkspaceSchema)
      .select(['toolVersion', raw('count(*) as usage')])
      .where({ toolVersion: { $in: [...ids] } })
      .groupBy('toolVersion')
      .execute<{ tool_version_id: string; usage: string | number }[]>('all', false)
    return new Map(rows.map((row) => [row.tool_version_id, Number(row.usage)]))
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

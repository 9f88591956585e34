import {
  type Page,
  type ToolVersion,
  type ToolVersionQuery,
  type ToolVersionRepository,
  type ToolVersionUsage,
} from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import { raw, sql, type QBFilterQuery, type RawQueryFragment, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ToolVersionSchema, type ToolVersionRecord } from '../schema/tool-version.schema.ts'
import { WorkspaceSchema } from '../schema/workspace.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { findPageData, PAGED } from './paging.ts'
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
    const [records, total] = await findPageData<ToolVersionRecord, ToolVersionRecord & { usage: string | number }>(
      this.#em,
      ToolVersionSchema,
      { $and: conditions } as QBFilterQuery<ToolVersionRecord>,
      { createdAt: 'asc', id: 'asc' },
      query.page,
      [this.#usage()],
    )
    const items = records.map(({ usage, ...record }) => ({ toolVersion: toToolVersion(record), usage: Number(usage) }))
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

  /** How many workspaces use each tool version of a page, in the page's statement (the workspaces' index by tool version serves it). */
  #usage(): RawQueryFragment {
    const using = this.#em.createQueryBuilder(WorkspaceSchema, 'w').count().where({ toolVersion: sql.ref(`${PAGED}.id`) })
    return raw(`(${using.getQuery()}) as usage`, using.getParams())
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

import type { ModuleVersion, ModuleVersionRepository, ModuleVersionSummary } from '@cairn/core'
import { raw } from '@mikro-orm/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModuleVersionDownloadsSchema } from '../schema/module-version-downloads.schema.ts'
import { ModuleVersionSchema } from '../schema/module-version.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import {
  fromModuleVersionSummaryRow,
  toModuleVersion,
  toModuleVersionRecord,
  type ModuleVersionSummaryRow,
} from './module-version-mappers.ts'
import { tableOf } from './module-query-parts.ts'
import { FRESH } from './read-options.ts'
import { runShaped, shapedStatement } from './shaped-statement.ts'

/** A version's downloads, from the table beside it: none when it has no row there. */
function downloadsColumn(schema: string | undefined) {
  return raw(
    `coalesce((select d.downloads from ${tableOf(schema, ModuleVersionDownloadsSchema)} d where d.version_id = v.id), 0) as downloads`,
  )
}

/** Every column of a version but its metadata, which lists never show. */
const SUMMARY_FIELDS = [
  'id',
  'module',
  'version',
  'source',
  'commitSha',
  'uploadGeneration',
  'archiveBlobKey',
  'archiveSha256',
  'archiveSize',
  'description',
  'attemptStatus',
  'attemptError',
  'attemptCommitSha',
  'attemptStartedBy',
  'attemptAt',
  'createdAt',
  'updatedAt',
] as const

export class MikroOrmModuleVersionRepository implements ModuleVersionRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findById(id: string): Promise<ModuleVersion | undefined> {
    const record = await this.#em.findOne(ModuleVersionSchema, { id }, FRESH)
    return record === null ? undefined : toModuleVersion(record)
  }

  async find(moduleId: string, version: string): Promise<ModuleVersion | undefined> {
    const record = await this.#em.findOne(ModuleVersionSchema, { module: moduleId, version }, FRESH)
    return record === null ? undefined : toModuleVersion(record)
  }

  /** One statement, whatever the number of modules: their ids are one JSON array, so it is built and planned once. */
  async versionsOf(moduleIds: readonly string[]): Promise<Map<string, ModuleVersionSummary[]>> {
    const result = new Map<string, ModuleVersionSummary[]>(moduleIds.map((id) => [id, []]))
    if (moduleIds.length === 0) return result
    const statement = shapedStatement<'moduleIds'>(this.#em, 'versions_of_modules', ({ text }) => {
      const qb = this.#em
        .createQueryBuilder(ModuleVersionSchema, 'v')
        .select([...SUMMARY_FIELDS, downloadsColumn(this.#em.config.get('schema'))])
        .where('v.module_id in (select jsonb_array_elements_text(?::jsonb))', [text('moduleIds')])
        .orderBy({ createdAt: 'asc', id: 'asc' })
      return { sql: qb.getQuery(), params: qb.getParams() }
    })
    const rows = await runShaped<ModuleVersionSummaryRow, 'moduleIds'>(this.#em, statement, { moduleIds: JSON.stringify(moduleIds) })
    for (const version of rows.map(fromModuleVersionSummaryRow)) result.get(version.moduleId)?.push(version)
    return result
  }

  async add(version: ModuleVersion): Promise<void> {
    await translated(() => this.#em.insert(ModuleVersionSchema, toModuleVersionRecord(version)))
  }

  async update(version: ModuleVersion): Promise<void> {
    const { id, ...fields } = toModuleVersionRecord(version)
    await updatedOne('registry module version', () => this.#em.nativeUpdate(ModuleVersionSchema, { id }, fields))
  }

  /** The database removes its downloads (cascade). */
  async remove(id: string): Promise<void> {
    await this.#em.nativeDelete(ModuleVersionSchema, { id })
  }
}

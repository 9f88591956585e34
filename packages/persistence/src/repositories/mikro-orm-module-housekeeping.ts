import type { ModuleHousekeeping, RegistryModule } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModuleVersionDownloadsSchema } from '../schema/module-version-downloads.schema.ts'
import { ModuleVersionSchema } from '../schema/module-version.schema.ts'
import { RegistryModuleSchema } from '../schema/registry-module.schema.ts'
import { tableOf } from './module-query-parts.ts'
import { executePrepared, preparedStatement } from './prepared-statement.ts'
import { FRESH } from './read-options.ts'

/**
 * Adds each version's downloads since the last flush, from one JSON array of `[id, count]` pairs;
 * versions deleted before the statement began are left out. Rows are written in the order of
 * their ids (byte order, whatever the database's collation): two processes flushing counts of the
 * same versions at once then lock them in the same order, where any other order could deadlock.
 */
function addDownloadsSql(schema: string | undefined): string {
  const downloads = tableOf(schema, ModuleVersionDownloadsSchema)
  return `insert into ${downloads} (version_id, downloads)
    select count->>0, (count->>1)::integer from jsonb_array_elements(?::jsonb) as count join ${tableOf(schema, ModuleVersionSchema)} v on v.id = count->>0
    order by (count->>0) collate "C"
    on conflict (version_id) do update set downloads = ${downloads}.downloads + excluded.downloads`
}

export class MikroOrmModuleHousekeeping implements ModuleHousekeeping {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  /**
   * One statement, whatever the number of versions: the counts go as one JSON parameter, not a
   * parameter per id (PostgreSQL binds at most 65,535, and MikroORM would build and bind every one
   * of thousands of placeholders on the server's own thread). As `[id, count]` pairs, not an object
   * keyed by id: an object of thousands of new keys costs the thread far more to build than an
   * array of pairs.
   */
  async addDownloads(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return
    const statement = preparedStatement('cairn_add_downloads', addDownloadsSql(this.#em.config.get('schema')))
    await executePrepared(this.#em, statement, [JSON.stringify([...counts])])
  }

  async stuckUploadIds(before: Date, limit: number): Promise<string[]> {
    const where = { attemptStatus: 'reg_ingressing', attemptAt: { $lt: before } } as const
    const records = await this.#em.find(ModuleVersionSchema, where, {
      ...FRESH,
      fields: ['id'],
      orderBy: { attemptAt: 'asc', id: 'asc' },
      limit,
    })
    return records.map((record) => record.id)
  }

  async vcsModules(after: string, limit: number): Promise<Pick<RegistryModule, 'id' | 'organizationName'>[]> {
    const where = { id: { $gt: after }, publishingMechanism: { $in: ['git_tag', 'branch'] } } as const
    const records = await this.#em.find(RegistryModuleSchema, where, {
      ...FRESH,
      fields: ['id', 'organization'],
      orderBy: { id: 'asc' },
      limit,
    })
    return records.map((record) => ({ id: record.id, organizationName: record.organization.name }))
  }

  async archiveKeysOfOrganization(organizationName: string): Promise<string[]> {
    const records = await this.#em.find(
      ModuleVersionSchema,
      { module: { organization: organizationName }, archiveBlobKey: { $ne: null } },
      { ...FRESH, fields: ['archiveBlobKey'] },
    )
    return records.flatMap((record) => (record.archiveBlobKey ? [record.archiveBlobKey] : []))
  }
}

import type {
  ModuleAddress,
  ModuleMetadata,
  ModuleVersion,
  ModuleVersionSummary,
  Page,
  PublishedModuleQuery,
  RegistryModule,
  RegistryModuleQuery,
  RegistryModuleRepository,
  ProtocolVersion,
  ServedVersionsQuery,
} from '@cairn/core'
import { raw, type FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModuleVersionDownloadsSchema } from '../schema/module-version-downloads.schema.ts'
import { ModuleVersionSchema, type ModuleVersionRecord } from '../schema/module-version.schema.ts'
import { RegistryModuleSchema, type RegistryModuleRecord } from '../schema/registry-module.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { findShapedPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'
import { executePrepared } from './prepared-statement.ts'
import { runShaped, shapedStatement, type ShapedStatement } from './shaped-statement.ts'
import {
  fromModuleVersionSummaryRow,
  fromRegistryModuleRow,
  toModuleVersion,
  toModuleVersionRecord,
  toRegistryModule,
  toRegistryModuleRecord,
  toProtocolVersion,
  type ModuleVersionSummaryRow,
  type RegistryModuleRow,
  type ServedVersionRow,
} from './registry-module-mappers.ts'

/** A table's name as the ORM writes it, with the store's schema. */
function tableOf(schema: string | undefined, entity: { readonly meta: { readonly tableName: string } }): string {
  return `${schema === undefined ? '' : `"${schema}".`}"${entity.meta.tableName}"`
}

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

/** A version's downloads, from the table beside it: none when it has no row there. */
function downloadsColumn(schema: string | undefined) {
  return raw(`coalesce((select d.downloads from ${tableOf(schema, ModuleVersionDownloadsSchema)} d where d.version_id = v.id), 0) as downloads`)
}

const ADDRESS_ORDER = { namespace: 'asc', name: 'asc', provider: 'asc', registryName: 'asc' } as const

/** What makes a version `ok`: an archive it serves. */
const SERVED = { archiveBlobKey: { $ne: null } } as const

/**
 * Newest latest-ok-version first (served by the versions' module/created_at index), modules
 * without one last. The versions table is named with the store's schema, as the ORM names tables.
 */
function latestPublishOrder(schema: string | undefined) {
  const versions = tableOf(schema, ModuleVersionSchema)
  const latest = (alias: string) => `(select max(v.created_at) from ${versions} v where v.module_id = ${alias}.id and v.archive_blob_key is not null)`
  return { [raw(latest)]: 'desc nulls last' } as const
}

/** Every column of a version but its metadata, which lists never show. */
const SUMMARY_FIELDS = [
  'id', 'module', 'version', 'source', 'commitSha', 'uploadGeneration', 'archiveBlobKey', 'archiveSha256', 'archiveSize',
  'attemptStatus', 'attemptError', 'attemptCommitSha', 'attemptStartedBy', 'attemptAt', 'createdAt', 'updatedAt',
] as const

/** What the registry protocol serves of a version: not its metadata, only the requirements kept beside it. */
const SERVED_FIELDS = ['id', 'version', 'archiveBlobKey', 'archiveSha256', 'archiveSize', 'requirements'] as const

/** The values of `servedVersions`' statement. */
type ServedParameter = 'organizationName' | 'registryName' | 'namespace' | 'name' | 'provider'

/** The hot path's statement. */
function servedStatement(em: EntityManager): ShapedStatement<ServedParameter> {
  return shapedStatement<ServedParameter>(em, 'served_versions', ({ text }) => {
    const module = { organization: text('organizationName'), registryName: text('registryName'), namespace: text('namespace'), name: text('name'), provider: text('provider') }
    const qb = em
      .createQueryBuilder(ModuleVersionSchema, 'v')
      .select([...SERVED_FIELDS])
      .join('v.module', 'm')
      .where({ ...SERVED, module } as QBFilterQuery<ModuleVersionRecord>)
      .orderBy({ createdAt: 'asc', id: 'asc' })
    return { sql: qb.getQuery(), params: qb.getParams() }
  })
}

/** The values a registry module list's statement takes. */
type ModuleListFilter = 'organizationName' | 'registryName' | 'provider' | 'search'

/** Names, namespaces or providers matching `pattern` (a LIKE pattern), case-insensitively. */
function matching(pattern: string): FilterQuery<RegistryModuleRecord> {
  return { $or: [{ name: { $ilike: pattern } }, { namespace: { $ilike: pattern } }, { provider: { $ilike: pattern } }] }
}

export class MikroOrmRegistryModuleRepository implements RegistryModuleRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(query: RegistryModuleQuery): Promise<Page<RegistryModule>> {
    const { registryName, provider, search, sort } = query
    const present = (value: string | undefined, as: string) => (value === undefined ? '' : as)
    const shape = `registry_modules_${present(registryName, 'r')}${present(provider, 'p')}${present(search, 's')}_${sort === 'recently-published' ? 'recent' : 'address'}`
    const found = await findShapedPage<RegistryModuleRecord, ModuleListFilter, RegistryModuleRow>(
      this.#em,
      shape,
      RegistryModuleSchema,
      (placeholders) => {
        const conditions: FilterQuery<RegistryModuleRecord>[] = [{ organization: placeholders.text('organizationName') }]
        if (registryName !== undefined) conditions.push({ registryName: placeholders.text('registryName') as RegistryModuleRecord['registryName'] })
        if (provider !== undefined) conditions.push({ provider: placeholders.text('provider') })
        if (search !== undefined) conditions.push(matching(placeholders.text('search')))
        const where = { $and: conditions } as QBFilterQuery<RegistryModuleRecord>
        const orderBy = sort === 'recently-published' ? [latestPublishOrder(this.#em.config.get('schema')), ADDRESS_ORDER] : ADDRESS_ORDER
        return { where, orderBy }
      },
      { organizationName: query.organizationName, registryName, provider, search: search === undefined ? undefined : containing(search) },
      query.page,
    )
    return pageOf(found, query.page, fromRegistryModuleRow)
  }

  async findById(id: string): Promise<RegistryModule | undefined> {
    const record = await this.#em.findOne(RegistryModuleSchema, { id }, FRESH)
    return record === null ? undefined : toRegistryModule(record)
  }

  async findByAddress(organizationName: string, address: ModuleAddress): Promise<RegistryModule | undefined> {
    const { registryName, namespace, name, provider } = address
    const where = { organization: organizationName, registryName, namespace, name, provider }
    const record = await this.#em.findOne(RegistryModuleSchema, where, FRESH)
    return record === null ? undefined : toRegistryModule(record)
  }

  async findByWebhookTokenDigest(digest: string): Promise<RegistryModule | undefined> {
    const record = await this.#em.findOne(RegistryModuleSchema, { webhookTokenDigest: digest }, FRESH)
    return record === null ? undefined : toRegistryModule(record)
  }

  /** One prepared statement, as plain data: the registry protocol's detail reads it on every request. */
  async providersOf(organizationName: string, address: Omit<ModuleAddress, 'provider'>): Promise<RegistryModule[]> {
    const statement = shapedStatement<'organizationName' | keyof typeof address>(this.#em, 'providers_of_module', ({ text }) => {
      const qb = this.#em
        .createQueryBuilder(RegistryModuleSchema, 'm')
        .select('*')
        .where({ organization: text('organizationName'), registryName: text('registryName') as RegistryModuleRecord['registryName'], namespace: text('namespace'), name: text('name') })
        .orderBy({ provider: 'asc' })
      return { sql: qb.getQuery(), params: qb.getParams() }
    })
    const rows = await runShaped<RegistryModuleRow, 'organizationName' | keyof typeof address>(this.#em, statement, { organizationName, ...address })
    return rows.map(fromRegistryModuleRow)
  }

  async add(module: RegistryModule): Promise<void> {
    await translated(() => this.#em.insert(RegistryModuleSchema, toRegistryModuleRecord(module)))
  }

  async update(module: RegistryModule): Promise<void> {
    const { id, ...fields } = toRegistryModuleRecord(module)
    await updatedOne('registry module', () => this.#em.nativeUpdate(RegistryModuleSchema, { id }, fields))
  }

  /** The database removes its versions (cascade). */
  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(RegistryModuleSchema, { id }), 'delete')
  }

  async vcsModules(after: string, limit: number): Promise<Pick<RegistryModule, 'id' | 'organizationName'>[]> {
    const where = { id: { $gt: after }, publishingMechanism: { $in: ['git_tag', 'branch'] } } as const
    const records = await this.#em.find(RegistryModuleSchema, where, { ...FRESH, fields: ['id', 'organization'], orderBy: { id: 'asc' }, limit })
    return records.map((record) => ({ id: record.id, organizationName: record.organization.name }))
  }

  async stuckUploadIds(before: Date, limit: number): Promise<string[]> {
    const where = { attemptStatus: 'reg_ingressing', attemptAt: { $lt: before } } as const
    const records = await this.#em.find(ModuleVersionSchema, where, { ...FRESH, fields: ['id'], orderBy: { attemptAt: 'asc', id: 'asc' }, limit })
    return records.map((record) => record.id)
  }

  /** One statement: the `ok` versions are a subquery, the page is cut by the database. */
  async published(query: PublishedModuleQuery): Promise<RegistryModule[]> {
    if (query.organizationNames?.length === 0) return []
    const ready = this.#em.createQueryBuilder(ModuleVersionSchema, 'v').select('v.module').where(SERVED)
    const conditions: FilterQuery<RegistryModuleRecord>[] = [{ registryName: 'private' }, { id: { $in: ready } }]
    if (query.organizationNames !== undefined) conditions.push({ organization: { $in: [...query.organizationNames] } })
    if (query.namespace !== undefined) conditions.push({ namespace: query.namespace })
    if (query.provider !== undefined) conditions.push({ provider: query.provider })
    if (query.search !== undefined) conditions.push(matching(containing(query.search)))
    const records = await this.#em.find(RegistryModuleSchema, { $and: conditions }, {
      ...FRESH,
      orderBy: { ...ADDRESS_ORDER, organization: 'asc' },
      offset: query.offset,
      limit: query.limit,
    })
    return records.map(toRegistryModule)
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

  /**
   * One prepared statement that maps no entities. It reads the requirements kept beside each version's metadata,
   * never the metadata itself (kilobytes: READMEs, inputs, resources), which is neither read from
   * disk, sent nor parsed.
   */
  async servedVersions(query: ServedVersionsQuery): Promise<ProtocolVersion[]> {
    const values = { ...query.address, organizationName: query.organizationName }
    const rows = await runShaped<ServedVersionRow, ServedParameter>(this.#em, servedStatement(this.#em), values)
    return rows.map(toProtocolVersion)
  }

  /**
   * One prepared statement whatever the number of versions (their ids are one JSON array), as plain
   * data: an entity would also keep a copy of the metadata (kilobytes) to compare on flush.
   */
  async versionMetadata(versionIds: readonly string[]): Promise<Map<string, ModuleMetadata>> {
    if (versionIds.length === 0) return new Map()
    const statement = shapedStatement<'versionIds'>(this.#em, 'metadata_of_versions', ({ text }) => {
      const qb = this.#em
        .createQueryBuilder(ModuleVersionSchema, 'v')
        .select(['id', 'metadata'])
        .where('v.id in (select jsonb_array_elements_text(?::jsonb)) and v.metadata is not null', [text('versionIds')])
      return { sql: qb.getQuery(), params: qb.getParams() }
    })
    const rows = await runShaped<{ id: string; metadata: ModuleMetadata }, 'versionIds'>(this.#em, statement, { versionIds: JSON.stringify(versionIds) })
    return new Map(rows.map((row) => [row.id, row.metadata]))
  }

  /**
   * One statement, whatever the number of versions: the counts go as one JSON parameter, not a
   * parameter per id (PostgreSQL binds at most 65,535, and MikroORM's handling of ten thousand ids
   * per statement was the busiest part of the server's own work under a download load). As
   * `[id, count]` pairs, not an object keyed by id: `Object.fromEntries` over 2,000 new keys took
   * 4 ms of the server's thread a write, the pairs 0.1 ms.
   */
  async addDownloads(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return
    const sql = addDownloadsSql(this.#em.config.get('schema'))
    await executePrepared(this.#em, 'cairn_add_downloads', sql, [JSON.stringify([...counts])])
  }

  async findVersionById(id: string): Promise<ModuleVersion | undefined> {
    const record = await this.#em.findOne(ModuleVersionSchema, { id }, FRESH)
    return record === null ? undefined : toModuleVersion(record)
  }

  async findVersion(moduleId: string, version: string): Promise<ModuleVersion | undefined> {
    const record = await this.#em.findOne(ModuleVersionSchema, { module: moduleId, version }, FRESH)
    return record === null ? undefined : toModuleVersion(record)
  }

  async addVersion(version: ModuleVersion): Promise<void> {
    await translated(() => this.#em.insert(ModuleVersionSchema, toModuleVersionRecord(version)))
  }

  async updateVersion(version: ModuleVersion): Promise<void> {
    const { id, ...fields } = toModuleVersionRecord(version)
    await updatedOne('registry module version', () => this.#em.nativeUpdate(ModuleVersionSchema, { id }, fields))
  }

  async removeVersion(id: string): Promise<void> {
    await this.#em.nativeDelete(ModuleVersionSchema, { id })
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

import type {
  ModuleCatalog,
  ModuleMetadata,
  ProtocolVersion,
  PublishedModuleQuery,
  RegistryModule,
  ServedArchive,
  ServedVersionQuery,
  ServedVersionsQuery,
} from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModuleVersionSchema, type ModuleVersionRecord } from '../schema/module-version.schema.ts'
import { RegistryModuleSchema, type RegistryModuleRecord } from '../schema/registry-module.schema.ts'
import { containing } from './like-pattern.ts'
import { ADDRESS_ORDER, matching, SERVED, tableOf } from './module-query-parts.ts'
import { toProtocolVersion, toServedArchive, type ServedArchiveRow, type ServedVersionRow } from './protocol-version-mapper.ts'
import { runsApart } from './prepared-statement.ts'
import { protocolBatches } from './protocol-batches.ts'
import { FRESH } from './read-options.ts'
import { toRegistryModule } from './registry-module-mappers.ts'
import { runShaped, shapedStatement, type Placeholders, type ShapedStatement } from './shaped-statement.ts'

/** What the registry protocol serves of a version: not its metadata, only the requirements kept beside it. */
const SERVED_FIELDS = ['id', 'version', 'archiveBlobKey', 'archiveSha256', 'archiveSize', 'requirements'] as const

/** The values of the statements that find a module provider by its address. */
type ServedParameter = 'organizationName' | 'registryName' | 'namespace' | 'name' | 'provider'

/** A module provider's address as a filter of the query builder, its values the statement's placeholders. */
function moduleAt(text: Placeholders<ServedParameter>['text']) {
  return {
    organization: text('organizationName'),
    registryName: text('registryName'),
    namespace: text('namespace'),
    name: text('name'),
    provider: text('provider'),
  }
}

/** The hot path's statement. */
function servedStatement(em: EntityManager): ShapedStatement<ServedParameter> {
  return shapedStatement<ServedParameter>(em, 'served_versions', ({ text }) => {
    const qb = em
      .createQueryBuilder(ModuleVersionSchema, 'v')
      .select([...SERVED_FIELDS])
      .join('v.module', 'm')
      .where({ ...SERVED, module: moduleAt(text) } as QBFilterQuery<ModuleVersionRecord>)
      .orderBy({ createdAt: 'asc', id: 'asc' })
    return { sql: qb.getQuery(), params: qb.getParams() }
  })
}

/** The statement of `download`: one version, by the module's address and the version's unique index. */
function servedArchiveStatement(em: EntityManager): ShapedStatement<ServedParameter | 'version'> {
  return shapedStatement<ServedParameter | 'version'>(em, 'served_archive', ({ text }) => {
    const qb = em
      .createQueryBuilder(ModuleVersionSchema, 'v')
      .select(['id', 'archiveBlobKey', 'archiveSha256', 'archiveSize'])
      .join('v.module', 'm')
      .where({ ...SERVED, version: text('version'), module: moduleAt(text) } as QBFilterQuery<ModuleVersionRecord>)
    return { sql: qb.getQuery(), params: qb.getParams() }
  })
}

/**
 * The statement of `versions`: the document the store keeps for the module provider
 * (`module_protocol_documents`, written by a trigger on its versions), by its address.
 */
function versionsDocumentStatement(em: EntityManager): ShapedStatement<ServedParameter> {
  return shapedStatement<ServedParameter>(em, 'versions_document', ({ text }) => {
    const schema = em.config.get('schema')
    const documents = tableOf(schema, { meta: { tableName: 'module_protocol_documents' } })
    const sql = `select d.versions from ${documents} d join ${tableOf(schema, RegistryModuleSchema)} m on m.id = d.module_id
      where m.organization_name = ? and m.registry_name = ? and m.namespace = ? and m.name = ? and m.provider = ?`
    const params = (['organizationName', 'registryName', 'namespace', 'name', 'provider'] as const).map(text)
    return { sql, params }
  })
}

export class MikroOrmModuleCatalog implements ModuleCatalog {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
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
    const records = await this.#em.find(
      RegistryModuleSchema,
      { $and: conditions },
      {
        ...FRESH,
        orderBy: { ...ADDRESS_ORDER, organization: 'asc' },
        offset: query.offset,
        limit: query.limit,
      },
    )
    return records.map(toRegistryModule)
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
   * One row of text: neither the versions nor their requirements are read. Outside a transaction on
   * PostgreSQL, one statement answers every lookup of the turn (`TurnBatch`).
   */
  async versionsDocument(query: ServedVersionsQuery): Promise<string | null> {
    if (runsApart(this.#em)) return (await protocolBatches(this.#em).versionsDocuments.get(query)) ?? null
    const values = { ...query.address, organizationName: query.organizationName }
    const [row] = await runShaped<{ versions: string }, ServedParameter>(this.#em, versionsDocumentStatement(this.#em), values)
    return row?.versions ?? null
  }

  /** One row: the version's own, not its provider's others; batched by turn as `versionsDocument`. */
  async servedArchive(query: ServedVersionQuery): Promise<ServedArchive | undefined> {
    if (runsApart(this.#em)) return protocolBatches(this.#em).servedArchives.get(query)
    const values = { ...query.address, organizationName: query.organizationName, version: query.version }
    const [row] = await runShaped<ServedArchiveRow, ServedParameter | 'version'>(this.#em, servedArchiveStatement(this.#em), values)
    return row === undefined ? undefined : toServedArchive(row)
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
    const rows = await runShaped<{ id: string; metadata: ModuleMetadata }, 'versionIds'>(this.#em, statement, {
      versionIds: JSON.stringify(versionIds),
    })
    return new Map(rows.map((row) => [row.id, row.metadata]))
  }
}

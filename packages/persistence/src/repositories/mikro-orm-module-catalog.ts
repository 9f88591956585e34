import type { ModuleCatalog, ModuleMetadata, ProtocolVersion, PublishedModuleQuery, RegistryModule, ServedVersionsQuery } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModuleVersionSchema, type ModuleVersionRecord } from '../schema/module-version.schema.ts'
import { RegistryModuleSchema, type RegistryModuleRecord } from '../schema/registry-module.schema.ts'
import { containing } from './like-pattern.ts'
import { ADDRESS_ORDER, matching, SERVED } from './module-query-parts.ts'
import { toProtocolVersion, type ServedVersionRow } from './protocol-version-mapper.ts'
import { FRESH } from './read-options.ts'
import { toRegistryModule } from './registry-module-mappers.ts'
import { runShaped, shapedStatement, type ShapedStatement } from './shaped-statement.ts'

/** What the registry protocol serves of a version: not its metadata, only the requirements kept beside it. */
const SERVED_FIELDS = ['id', 'version', 'archiveBlobKey', 'archiveSha256', 'archiveSize', 'requirements'] as const

/** The values of `servedVersions`' statement. */
type ServedParameter = 'organizationName' | 'registryName' | 'namespace' | 'name' | 'provider'

/** The hot path's statement. */
function servedStatement(em: EntityManager): ShapedStatement<ServedParameter> {
  return shapedStatement<ServedParameter>(em, 'served_versions', ({ text }) => {
    const module = {
      organization: text('organizationName'),
      registryName: text('registryName'),
      namespace: text('namespace'),
      name: text('name'),
      provider: text('provider'),
    }
    const qb = em
      .createQueryBuilder(ModuleVersionSchema, 'v')
      .select([...SERVED_FIELDS])
      .join('v.module', 'm')
      .where({ ...SERVED, module } as QBFilterQuery<ModuleVersionRecord>)
      .orderBy({ createdAt: 'asc', id: 'asc' })
    return { sql: qb.getQuery(), params: qb.getParams() }
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

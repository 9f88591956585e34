import type { ModuleAddress, Page, RegistryModule, RegistryModuleQuery, RegistryModuleRepository } from '@cairn/core'
import { raw, type FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModuleVersionSchema } from '../schema/module-version.schema.ts'
import { RegistryModuleSchema, type RegistryModuleRecord } from '../schema/registry-module.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { keptCount, type KeyCondition } from './kept-counts.ts'
import { containing } from './like-pattern.ts'
import { ADDRESS_ORDER, matching, tableOf } from './module-query-parts.ts'
import { findShapedPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'
import { runShaped, shapedStatement } from './shaped-statement.ts'
import { fromRegistryModuleRow, toRegistryModule, toRegistryModuleRecord, type RegistryModuleRow } from './registry-module-mappers.ts'

/**
 * Newest latest-ok-version first (served by the versions' module/created_at index), modules
 * without one last. The versions table is named with the store's schema, as the ORM names tables.
 */
function latestPublishOrder(schema: string | undefined) {
  const versions = tableOf(schema, ModuleVersionSchema)
  const latest = (alias: string) =>
    `(select max(v.created_at) from ${versions} v where v.module_id = ${alias}.id and v.archive_blob_key is not null)`
  return { [raw(latest)]: 'desc nulls last' } as const
}

/** The values a registry module list's statement takes. */
type ModuleListFilter = 'organizationName' | 'registryName' | 'provider' | 'search'

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
        const keys: KeyCondition[] = [{ sql: 'organization_name = ?', params: [placeholders.text('organizationName')] }]
        if (registryName !== undefined) {
          conditions.push({ registryName: placeholders.text('registryName') as RegistryModuleRecord['registryName'] })
          keys.push({ sql: 'registry_name = ?', params: [placeholders.text('registryName')] })
        }
        if (provider !== undefined) {
          conditions.push({ provider: placeholders.text('provider') })
          keys.push({ sql: 'provider = ?', params: [placeholders.text('provider')] })
        }
        if (search !== undefined) conditions.push(matching(placeholders.text('search')))
        const where = { $and: conditions } as QBFilterQuery<RegistryModuleRecord>
        const orderBy = sort === 'recently-published' ? [latestPublishOrder(this.#em.config.get('schema')), ADDRESS_ORDER] : ADDRESS_ORDER
        // Without a search, the total is the kept counts' (see `keptCount`): an organization may hold 10,000 modules.
        return {
          where,
          orderBy,
          ...(search === undefined
            ? {
                total: keptCount(this.#em, 'registry_module_counts', keys),
                ...(sort === 'recently-published' ? {} : { keyedBy: 'id' as const }),
              }
            : { sortMatches: true }),
        }
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
        .where({
          organization: text('organizationName'),
          registryName: text('registryName') as RegistryModuleRecord['registryName'],
          namespace: text('namespace'),
          name: text('name'),
        })
        .orderBy({ provider: 'asc' })
      return { sql: qb.getQuery(), params: qb.getParams() }
    })
    const rows = await runShaped<RegistryModuleRow, 'organizationName' | keyof typeof address>(this.#em, statement, {
      organizationName,
      ...address,
    })
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
}

import type { Page, ProviderAddress, RegistryProvider, RegistryProviderQuery, RegistryProviderRepository } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { RegistryProviderSchema, type RegistryProviderRecord } from '../schema/registry-provider.schema.ts'
import { translated } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { findPage, pageOf } from './paging.ts'
import { toRegistryProvider, toRegistryProviderRecord } from './provider-mappers.ts'
import { FRESH } from './read-options.ts'

/** The order of the address unique index, which serves the list. */
const ADDRESS_ORDER = { registryName: 'asc', namespace: 'asc', name: 'asc' } as const

export class MikroOrmRegistryProviderRepository implements RegistryProviderRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(query: RegistryProviderQuery): Promise<Page<RegistryProvider>> {
    const { organizationName, registryName, search } = query
    const conditions: FilterQuery<RegistryProviderRecord>[] = [{ organization: organizationName }]
    if (registryName !== undefined) conditions.push({ registryName })
    if (search !== undefined) {
      const pattern = containing(search)
      conditions.push({ $or: [{ name: { $ilike: pattern } }, { namespace: { $ilike: pattern } }] })
    }
    const where = { $and: conditions } as QBFilterQuery<RegistryProviderRecord>
    const found = await findPage(this.#em, RegistryProviderSchema, where, ADDRESS_ORDER, query.page)
    return pageOf(found, query.page, toRegistryProvider)
  }

  async findById(id: string): Promise<RegistryProvider | undefined> {
    const record = await this.#em.findOne(RegistryProviderSchema, { id }, FRESH)
    return record === null ? undefined : toRegistryProvider(record)
  }

  async findByAddress(organizationName: string, address: ProviderAddress): Promise<RegistryProvider | undefined> {
    const { registryName, namespace, name } = address
    const where = { organization: organizationName, registryName, namespace, name }
    const record = await this.#em.findOne(RegistryProviderSchema, where, FRESH)
    return record === null ? undefined : toRegistryProvider(record)
  }

  async add(provider: RegistryProvider): Promise<void> {
    await translated(() => this.#em.insert(RegistryProviderSchema, toRegistryProviderRecord(provider)))
  }

  /** The database removes its versions and their platforms (cascades). */
  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(RegistryProviderSchema, { id }), 'delete')
  }
}

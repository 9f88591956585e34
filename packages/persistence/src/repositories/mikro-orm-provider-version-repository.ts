import type { Page, PageRequest, ProviderVersion, ProviderVersionRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { RegistryProviderVersionSchema } from '../schema/registry-provider-version.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { findPage, pageOf } from './paging.ts'
import { toProviderVersion, toProviderVersionRecord } from './provider-mappers.ts'
import { FRESH } from './read-options.ts'

/** Newest semver first, served by the provider/version_order index; id apart versions equal but for build metadata. */
const NEWEST_FIRST = { versionOrder: 'desc', id: 'desc' } as const

export class MikroOrmProviderVersionRepository implements ProviderVersionRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(providerId: string, page: PageRequest): Promise<Page<ProviderVersion>> {
    const found = await findPage(this.#em, RegistryProviderVersionSchema, { provider: providerId }, NEWEST_FIRST, page)
    return pageOf(found, page, toProviderVersion)
  }

  async allOf(providerIds: readonly string[]): Promise<ProviderVersion[]> {
    if (providerIds.length === 0) return []
    const where = { provider: { $in: [...providerIds] } }
    const records = await this.#em.find(RegistryProviderVersionSchema, where, { ...FRESH, orderBy: NEWEST_FIRST })
    return records.map(toProviderVersion)
  }

  async find(providerId: string, version: string): Promise<ProviderVersion | undefined> {
    const record = await this.#em.findOne(RegistryProviderVersionSchema, { provider: providerId, version }, FRESH)
    return record === null ? undefined : toProviderVersion(record)
  }

  async findById(id: string): Promise<ProviderVersion | undefined> {
    const record = await this.#em.findOne(RegistryProviderVersionSchema, { id }, FRESH)
    return record === null ? undefined : toProviderVersion(record)
  }

  async add(version: ProviderVersion): Promise<void> {
    await translated(() => this.#em.insert(RegistryProviderVersionSchema, toProviderVersionRecord(version)))
  }

  async update(version: ProviderVersion): Promise<void> {
    const { id, ...fields } = toProviderVersionRecord(version)
    await updatedOne('registry provider version', () => this.#em.nativeUpdate(RegistryProviderVersionSchema, { id }, fields))
  }

  /** The database removes its platforms (cascade). */
  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(RegistryProviderVersionSchema, { id }), 'delete')
  }
}

import type { Page, PageRequest, ProviderPlatform, ProviderPlatformRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { RegistryProviderPlatformSchema } from '../schema/registry-provider-platform.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { tableOf } from './module-query-parts.ts'
import { findPage, pageOf } from './paging.ts'
import { executePrepared, preparedStatement } from './prepared-statement.ts'
import { toProviderPlatform, toProviderPlatformRecord } from './provider-mappers.ts'
import { FRESH } from './read-options.ts'

/** The order of the version/os/arch unique index, which serves the lists. */
const PLATFORM_ORDER = { version: 'asc', os: 'asc', arch: 'asc' } as const

function addDownloadsSql(schema: string | undefined): string {
  const platforms = tableOf(schema, RegistryProviderPlatformSchema)
  return `update ${platforms} p set downloads = p.downloads + c.count
    from (select count->>0 as id, (count->>1)::bigint as count from jsonb_array_elements(?::jsonb) as count) c
    where p.id = c.id`
}

export class MikroOrmProviderPlatformRepository implements ProviderPlatformRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(versionId: string, page: PageRequest): Promise<Page<ProviderPlatform>> {
    const found = await findPage(this.#em, RegistryProviderPlatformSchema, { version: versionId }, PLATFORM_ORDER, page)
    return pageOf(found, page, toProviderPlatform)
  }

  async allOf(versionIds: readonly string[]): Promise<ProviderPlatform[]> {
    if (versionIds.length === 0) return []
    const where = { version: { $in: [...versionIds] } }
    const records = await this.#em.find(RegistryProviderPlatformSchema, where, { ...FRESH, orderBy: PLATFORM_ORDER })
    return records.map(toProviderPlatform)
  }

  async find(versionId: string, os: string, arch: string): Promise<ProviderPlatform | undefined> {
    const record = await this.#em.findOne(RegistryProviderPlatformSchema, { version: versionId, os, arch }, FRESH)
    return record === null ? undefined : toProviderPlatform(record)
  }

  async findById(id: string): Promise<ProviderPlatform | undefined> {
    const record = await this.#em.findOne(RegistryProviderPlatformSchema, { id }, FRESH)
    return record === null ? undefined : toProviderPlatform(record)
  }

  async add(platform: ProviderPlatform): Promise<void> {
    await translated(() => this.#em.insert(RegistryProviderPlatformSchema, toProviderPlatformRecord(platform)))
  }

  async update(platform: ProviderPlatform): Promise<void> {
    const { id, ...fields } = toProviderPlatformRecord(platform)
    await updatedOne('registry provider platform', () => this.#em.nativeUpdate(RegistryProviderPlatformSchema, { id }, fields))
  }

  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(RegistryProviderPlatformSchema, { id }), 'delete')
  }

  /** One increment in place: concurrent downloads add up, where a read then a write would lose some. */
  /** One statement for every platform, the counts as one JSON parameter of `[id, count]` pairs, as module downloads are added. */
  async addDownloads(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return
    const statement = preparedStatement('cairn_add_provider_downloads', addDownloadsSql(this.#em.config.get('schema')))
    await translated(() => executePrepared(this.#em, statement, [JSON.stringify([...counts])]))
  }
}

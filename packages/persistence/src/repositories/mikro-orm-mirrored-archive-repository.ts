import type { MirroredArchive, MirroredArchiveRepository, MirroredProviderAddress, Page, PageRequest } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { MirroredProviderArchiveSchema, type MirroredProviderArchiveRecord } from '../schema/mirrored-provider-archive.schema.ts'
import { translated } from '../translate-error.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'

/** The order of the unique index, which serves every read. */
const ARCHIVE_ORDER = { hostname: 'asc', namespace: 'asc', type: 'asc', version: 'asc', os: 'asc', arch: 'asc' } as const

const toArchive = (record: MirroredProviderArchiveRecord): MirroredArchive => ({ ...record })

/** The provider's columns only: callers may pass a whole archive as its address. */
const providerOf = ({ hostname, namespace, type }: MirroredProviderAddress) => ({ hostname, namespace, type })

export class MikroOrmMirroredArchiveRepository implements MirroredArchiveRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async versionsOf(address: MirroredProviderAddress): Promise<string[]> {
    const rows = await this.#em
      .createQueryBuilder(MirroredProviderArchiveSchema)
      .select('version', true)
      .where(providerOf(address))
      .execute<{ version: string }[]>('all', false)
    return rows.map((row) => row.version)
  }

  async archivesOf(address: MirroredProviderAddress, version: string): Promise<MirroredArchive[]> {
    const records = await this.#em.find(
      MirroredProviderArchiveSchema,
      { ...providerOf(address), version },
      { ...FRESH, orderBy: ARCHIVE_ORDER },
    )
    return records.map(toArchive)
  }

  async findById(id: string): Promise<MirroredArchive | undefined> {
    const record = await this.#em.findOne(MirroredProviderArchiveSchema, { id }, FRESH)
    return record === null ? undefined : toArchive(record)
  }

  async list(page: PageRequest): Promise<Page<MirroredArchive>> {
    const found = await findPage(this.#em, MirroredProviderArchiveSchema, {}, ARCHIVE_ORDER, page)
    return pageOf(found, page, toArchive)
  }

  async add(archive: MirroredArchive): Promise<void> {
    await translated(() => this.#em.insert(MirroredProviderArchiveSchema, { ...archive }))
  }

  async removeVersion(address: MirroredProviderAddress, version: string): Promise<MirroredArchive[]> {
    const removed = await this.archivesOf(address, version)
    if (removed.length > 0) {
      const ids = removed.map((archive) => archive.id)
      await translated(() => this.#em.nativeDelete(MirroredProviderArchiveSchema, { id: { $in: ids } }), 'delete')
    }
    return removed
  }

  async touch(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return
    await translated(() => this.#em.nativeUpdate(MirroredProviderArchiveSchema, { id: { $in: [...ids] } }, { lastUsedAt: at }))
  }
}

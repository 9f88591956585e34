import type { GpgKey, GpgKeyRepository, Page, PageRequest } from '@cairn/core'
import { raw } from '@mikro-orm/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { GPG_KEY_IDS_SEQUENCE, RegistryGpgKeySchema } from '../schema/registry-gpg-key.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { findPage, pageOf } from './paging.ts'
import { toGpgKey, toGpgKeyRecord } from './provider-mappers.ts'
import { FRESH } from './read-options.ts'

/** Oldest first; keys of one instant in the order of their decimal ids (shorter is smaller), as numbers. */
const OLDEST_FIRST = [{ createdAt: 'asc' }, { [raw((alias) => `length(${alias}.id)`)]: 'asc' }, { id: 'asc' }] as const

export class MikroOrmGpgKeyRepository implements GpgKeyRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(namespaces: readonly string[], page: PageRequest): Promise<Page<GpgKey>> {
    const where = { namespace: { $in: [...namespaces] } }
    const found = await findPage(this.#em, RegistryGpgKeySchema, where, [...OLDEST_FIRST], page)
    return pageOf(found, page, toGpgKey)
  }

  async find(namespace: string, keyId: string): Promise<GpgKey | undefined> {
    const record = await this.#em.findOne(RegistryGpgKeySchema, { namespace, keyId }, FRESH)
    return record === null ? undefined : toGpgKey(record)
  }

  async add(key: GpgKey): Promise<void> {
    await translated(() => this.#em.insert(RegistryGpgKeySchema, toGpgKeyRecord(key)))
  }

  async update(key: GpgKey): Promise<void> {
    const { id, ...fields } = toGpgKeyRecord(key)
    await updatedOne('gpg key', () => this.#em.nativeUpdate(RegistryGpgKeySchema, { id }, fields))
  }

  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(RegistryGpgKeySchema, { id }), 'delete')
  }

  /** From a sequence, which is not transactional: an id handed out in a rolled-back unit of work is never handed out again. */
  async nextId(): Promise<string> {
    const schema = this.#em.config.get('schema')
    const sequence = schema === undefined ? `"${GPG_KEY_IDS_SEQUENCE}"` : `"${schema}"."${GPG_KEY_IDS_SEQUENCE}"`
    const [row] = await translated(() => this.#em.execute<{ id: string }[]>(`select nextval('${sequence}')::text as id`))
    if (row === undefined) throw new Error('nextval returned no row')
    return row.id
  }
}

import type { Page, PageRequest, VcsConnection, VcsConnectionRepository } from '@cairn/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { VcsConnectionSchema, type VcsConnectionRecord } from '../schema/vcs-connection.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmVcsConnectionRepository implements VcsConnectionRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(organizationName: string, page: PageRequest): Promise<Page<VcsConnection>> {
    const where = { organization: organizationName } as QBFilterQuery<VcsConnectionRecord>
    return pageOf(await findPage(this.#em, VcsConnectionSchema, where, { createdAt: 'asc', id: 'asc' }, page), page, toVcsConnection)
  }

  async findById(id: string): Promise<VcsConnection | undefined> {
    const record = await this.#em.findOne(VcsConnectionSchema, { id }, FRESH)
    return record === null ? undefined : toVcsConnection(record)
  }

  async findByTokenId(tokenId: string): Promise<VcsConnection | undefined> {
    const record = await this.#em.findOne(VcsConnectionSchema, { tokenId }, FRESH)
    return record === null ? undefined : toVcsConnection(record)
  }

  async add(connection: VcsConnection): Promise<void> {
    await translated(() => this.#em.insert(VcsConnectionSchema, toRecord(connection)))
  }

  async update(connection: VcsConnection): Promise<void> {
    const { id, ...fields } = toRecord(connection)
    await updatedOne('oauth client', () => this.#em.nativeUpdate(VcsConnectionSchema, { id }, fields))
  }

  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(VcsConnectionSchema, { id }), 'delete')
  }
}

function toRecord(connection: VcsConnection) {
  const { organizationName, ...fields } = connection
  return { ...fields, organization: organizationName }
}

function toVcsConnection(record: VcsConnectionRecord): VcsConnection {
  return {
    id: record.id,
    tokenId: record.tokenId,
    organizationName: record.organization.name,
    name: record.name ?? null,
    serviceProvider: record.serviceProvider,
    httpUrl: record.httpUrl,
    apiUrl: record.apiUrl,
    sealedCredential: record.sealedCredential,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

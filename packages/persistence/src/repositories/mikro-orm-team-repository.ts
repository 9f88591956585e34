import type { Page, PageRequest, Team, TeamRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { TeamSchema } from '../schema/team.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { toTeam, toTeamRecord } from './organization-mappers.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmTeamRepository implements TeamRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async listByOrganization(organizationName: string, page: PageRequest): Promise<Page<Team>> {
    const found = await findPage(this.#em, TeamSchema, { organization: organizationName }, { name: 'asc' }, page)
    return pageOf(found, page, toTeam)
  }

  async findById(id: string): Promise<Team | undefined> {
    const record = await this.#em.findOne(TeamSchema, { id }, FRESH)
    return record === null ? undefined : toTeam(record)
  }

  async findByName(organizationName: string, name: string): Promise<Team | undefined> {
    const record = await this.#em.findOne(TeamSchema, { organization: organizationName, name }, FRESH)
    return record === null ? undefined : toTeam(record)
  }

  async add(team: Team): Promise<void> {
    await translated(() => this.#em.insert(TeamSchema, toTeamRecord(team)))
  }

  async update(team: Team): Promise<void> {
    const { id, ...fields } = toTeamRecord(team)
    await updatedOne('team', () => this.#em.nativeUpdate(TeamSchema, { id }, fields))
  }

  /** The database removes its members and its tokens (cascades). */
  async remove(id: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(TeamSchema, { id }), 'delete')
  }
}

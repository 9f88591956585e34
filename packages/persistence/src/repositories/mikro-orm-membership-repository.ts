import type { MembershipRepository, OrganizationMembership, Page, PageRequest } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { OrganizationMembershipSchema } from '../schema/organization-membership.schema.ts'
import { TeamMemberSchema } from '../schema/team-member.schema.ts'
import { TeamSchema } from '../schema/team.schema.ts'
import { translated } from '../translate-error.ts'
import { toMembership } from './organization-mappers.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmMembershipRepository implements MembershipRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async listByOrganization(organizationName: string, page: PageRequest): Promise<Page<OrganizationMembership>> {
    const found = await findPage(
      this.#em,
      OrganizationMembershipSchema,
      { organization: organizationName },
      { createdAt: 'asc', id: 'asc' },
      page,
    )
    return pageOf(found, page, toMembership)
  }

  async findById(id: string): Promise<OrganizationMembership | undefined> {
    const record = await this.#em.findOne(OrganizationMembershipSchema, { id }, FRESH)
    return record === null ? undefined : toMembership(record)
  }

  async find(organizationName: string, userId: string): Promise<OrganizationMembership | undefined> {
    const record = await this.#em.findOne(OrganizationMembershipSchema, { organization: organizationName, user: userId }, FRESH)
    return record === null ? undefined : toMembership(record)
  }

  async organizationsOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>()
    if (userIds.length === 0) return result
    const records = await this.#em.find(
      OrganizationMembershipSchema,
      { user: { $in: [...userIds] } },
      { ...FRESH, orderBy: { organization: 'asc' } },
    )
    for (const { organizationName, userId } of records.map(toMembership)) {
      result.set(userId, [...(result.get(userId) ?? []), organizationName])
    }
    return result
  }

  async add(membership: OrganizationMembership): Promise<void> {
    await translated(() =>
      this.#em.insert(OrganizationMembershipSchema, {
        id: membership.id,
        organization: membership.organizationName,
        user: membership.userId,
        createdAt: membership.createdAt,
      }),
    )
  }

  /** Takes the user off the organization's teams first, in one statement, then ends the membership. */
  async remove(id: string): Promise<void> {
    const membership = await this.findById(id)
    if (membership === undefined) return
    const teamsOfOrganization = this.#em
      .createQueryBuilder(TeamSchema, 't')
      .select('t.id')
      .where({ organization: membership.organizationName })
    await this.#em.nativeDelete(TeamMemberSchema, { user: membership.userId, team: { $in: teamsOfOrganization } })
    await this.#em.nativeDelete(OrganizationMembershipSchema, { id })
  }
}

import type { MembershipQuery, MembershipRepository, OrganizationMembership, Page } from '@cairn/core'
import type { FilterQuery } from '@mikro-orm/core'
import type { QBFilterQuery, SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { OrganizationMembershipSchema, type OrganizationMembershipRecord } from '../schema/organization-membership.schema.ts'
import { TeamMemberSchema } from '../schema/team-member.schema.ts'
import { TeamSchema } from '../schema/team.schema.ts'
import { UserSchema } from '../schema/user.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { containing } from './like-pattern.ts'
import { toMembership } from './organization-mappers.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'

const OLDEST_FIRST = { createdAt: 'asc', id: 'asc' } as const

/** The columns an invitation's answer changes. */
function invitation(membership: OrganizationMembership) {
  return {
    status: membership.status,
    email: membership.email,
    invitedUserId: membership.invitedUserId,
    invitedTeamIds: [...membership.invitedTeamIds],
  }
}

export class MikroOrmMembershipRepository implements MembershipRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async listByOrganization(query: MembershipQuery): Promise<Page<OrganizationMembership>> {
    const conditions: FilterQuery<OrganizationMembershipRecord>[] = [{ organization: query.organizationName }]
    if (query.status !== undefined) conditions.push({ status: query.status })
    if (query.emails !== undefined) conditions.push({ email: { $in: [...query.emails] } })
    if (query.search !== undefined) {
      const pattern = containing(query.search)
      // A username only counts once its user has accepted: an invitation shows nothing of them.
      const named = this.#em
        .createQueryBuilder(UserSchema, 'u')
        .select('u.id')
        .where({ username: { $ilike: pattern } })
      conditions.push({ $or: [{ email: { $ilike: pattern } }, { status: 'active', user: { $in: named } }] })
    }
    const where = { $and: conditions } as QBFilterQuery<OrganizationMembershipRecord>
    const found = await findPage(this.#em, OrganizationMembershipSchema, where, OLDEST_FIRST, query.page)
    return pageOf(found, query.page, toMembership)
  }

  async listByUser(userId: string): Promise<OrganizationMembership[]> {
    const records = await this.#em.find(OrganizationMembershipSchema, { user: userId }, { ...FRESH, orderBy: OLDEST_FIRST })
    return records.map(toMembership)
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
      { user: { $in: [...userIds] }, status: 'active' },
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
        ...invitation(membership),
        createdAt: membership.createdAt,
      }),
    )
  }

  async update(membership: OrganizationMembership): Promise<void> {
    await updatedOne('organization membership', () =>
      this.#em.nativeUpdate(OrganizationMembershipSchema, { id: membership.id }, invitation(membership)),
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

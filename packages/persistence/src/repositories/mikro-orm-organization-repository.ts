import type { Organization, OrganizationQuery, OrganizationRepository, Page } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { OrganizationMembershipSchema } from '../schema/organization-membership.schema.ts'
import { OrganizationSchema } from '../schema/organization.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { toOrganization } from './organization-mappers.ts'
import { findPage, pageOf, pageWindow } from './paging.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmOrganizationRepository implements OrganizationRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async list(query: OrganizationQuery): Promise<Page<Organization>> {
    if (query.memberUserId === undefined) {
      const found = await findPage(this.#em, OrganizationSchema, {}, { name: 'asc' }, query.page)
      return pageOf(found, query.page, toOrganization)
    }
    // A member's organizations: their active memberships (not invitations), ordered by the
    // organization name they hold, with each organization joined in.
    const found = await this.#em.findAndCount(
      OrganizationMembershipSchema,
      { user: query.memberUserId, status: 'active' },
      { ...FRESH, orderBy: { organization: 'asc' }, ...pageWindow(query.page), populate: ['organization'] },
    )
    return pageOf(found, query.page, (membership) => toOrganization(membership.organization))
  }

  async findByName(name: string): Promise<Organization | undefined> {
    const record = await this.#em.findOne(OrganizationSchema, { name }, FRESH)
    return record === null ? undefined : toOrganization(record)
  }

  async findByNames(names: readonly string[]): Promise<Organization[]> {
    if (names.length === 0) return []
    const records = await this.#em.find(OrganizationSchema, { name: { $in: [...names] } }, { ...FRESH, orderBy: { name: 'asc' } })
    return records.map(toOrganization)
  }

  async add(organization: Organization): Promise<void> {
    await translated(() => this.#em.insert(OrganizationSchema, { ...organization }))
  }

  async update(organization: Organization): Promise<void> {
    const { name, ...fields } = organization
    await updatedOne('organization', () => this.#em.nativeUpdate(OrganizationSchema, { name }, fields))
  }

  /** The database removes its teams, members, memberships, tokens, workspaces and runs (cascades). */
  async remove(name: string): Promise<void> {
    await translated(() => this.#em.nativeDelete(OrganizationSchema, { name }), 'delete')
  }
}

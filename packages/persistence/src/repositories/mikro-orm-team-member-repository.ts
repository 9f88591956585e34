import { OWNERS_TEAM, type Team, type TeamMemberRepository, type User } from '@cairn/core'
import { raw, type SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { TeamMemberSchema } from '../schema/team-member.schema.ts'
import { translated } from '../translate-error.ts'
import { toTeam } from './organization-mappers.ts'
import { FRESH } from './read-options.ts'
import { toUser } from './user-mapper.ts'

export class MikroOrmTeamMemberRepository implements TeamMemberRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async add(teamId: string, userId: string): Promise<void> {
    await translated(() =>
      this.#em.createQueryBuilder(TeamMemberSchema).insert({ team: teamId, user: userId }).onConflict(['team', 'user']).ignore().execute(),
    )
  }

  async remove(teamId: string, userId: string): Promise<void> {
    await this.#em.nativeDelete(TeamMemberSchema, { team: teamId, user: userId })
  }

  async members(teamId: string): Promise<User[]> {
    const records = await this.#em.find(
      TeamMemberSchema,
      { team: teamId },
      { ...FRESH, populate: ['user'], orderBy: { user: { username: 'asc' } } },
    )
    return records.map((member) => toUser(member.user))
  }

  async teamsOf(organizationName: string, userId: string): Promise<Team[]> {
    const records = await this.#em.find(
      TeamMemberSchema,
      { user: userId, team: { organization: organizationName } },
      { ...FRESH, populate: ['team'], orderBy: { team: { name: 'asc' } } },
    )
    return records.map((member) => toTeam(member.team))
  }

  /** One query: the members of the owners teams of these organizations, with the users joined in. */
  async ownersOf(organizationNames: readonly string[]): Promise<Map<string, User[]>> {
    const owners = new Map(organizationNames.map((name) => [name, [] as User[]]))
    if (organizationNames.length === 0) return owners
    const records = await this.#em.find(
      TeamMemberSchema,
      { team: { name: OWNERS_TEAM, organization: { $in: [...organizationNames] } } },
      { ...FRESH, populate: ['team', 'user'], orderBy: { user: { username: 'asc' } } },
    )
    for (const member of records) owners.get(member.team.organization.name)?.push(toUser(member.user))
    return owners
  }

  /** One query: the owners teams this user is on, grouped, keeping those with one member. */
  async solelyOwnedBy(userId: string): Promise<string[]> {
    const teamsOfUser = this.#em.createQueryBuilder(TeamMemberSchema, 'mine').select('mine.team').where({ user: userId })
    const rows = await this.#em
      .createQueryBuilder(TeamMemberSchema, 'm')
      .select(raw('t.organization_name'))
      .join('m.team', 't')
      .where({ team: { $in: teamsOfUser }, 't.name': OWNERS_TEAM })
      .groupBy(['t.id', 't.organization'])
      .having('count(*) = 1')
      .orderBy({ 't.organization': 'asc' })
      .execute<{ organization_name: string }[]>('all', false)
    return rows.map((row) => row.organization_name)
  }
}

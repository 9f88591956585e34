import { CairnError, type MembershipQuery, type MembershipRepository, type OrganizationMembership, type Page } from '@cairn/core'
import { compareText, contains, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryMembershipRepository implements MembershipRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async listByOrganization(query: MembershipQuery): Promise<Page<OrganizationMembership>> {
    const { organizationName, status, emails, search } = query
    const username = (membership: OrganizationMembership) =>
      membership.status === 'active' ? (this.#state.users.get(membership.userId)?.username ?? null) : null
    const matching = sortedOldestFirst(
      [...this.#state.memberships.values()]
        .filter((membership) => membership.organizationName === organizationName)
        .filter((membership) => status === undefined || membership.status === status)
        .filter((membership) => emails === undefined || emails.includes(membership.email))
        .filter((membership) => search === undefined || contains(membership.email, search) || contains(username(membership), search)),
    )
    return pageOf(matching, query.page)
  }

  async listByUser(userId: string): Promise<OrganizationMembership[]> {
    return sortedOldestFirst([...this.#state.memberships.values()].filter((membership) => membership.userId === userId))
  }

  async findById(id: string): Promise<OrganizationMembership | undefined> {
    return this.#state.memberships.get(id)
  }

  async find(organizationName: string, userId: string): Promise<OrganizationMembership | undefined> {
    return [...this.#state.memberships.values()].find(
      (membership) => membership.organizationName === organizationName && membership.userId === userId,
    )
  }

  async organizationsOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>()
    for (const membership of this.#state.memberships.values()) {
      if (!userIds.includes(membership.userId) || membership.status !== 'active') continue
      result.set(membership.userId, [...(result.get(membership.userId) ?? []), membership.organizationName].sort(compareText))
    }
    return result
  }

  async add(membership: OrganizationMembership): Promise<void> {
    if (!this.#state.organizations.has(membership.organizationName)) throw CairnError.notFound('organization')
    if (!this.#state.users.has(membership.userId)) throw CairnError.notFound('user')
    if (await this.find(membership.organizationName, membership.userId)) {
      throw CairnError.invalidField('user', 'is already a member of the organization')
    }
    this.#state.memberships.set(membership.id, membership)
  }

  async update(membership: OrganizationMembership): Promise<void> {
    if (!this.#state.memberships.has(membership.id)) throw CairnError.notFound('organization membership')
    this.#state.memberships.set(membership.id, membership)
  }

  async remove(id: string): Promise<void> {
    const membership = this.#state.memberships.get(id)
    if (membership === undefined) return
    this.#state.memberships.delete(id)
    for (const team of this.#state.teams.values()) {
      if (team.organizationName === membership.organizationName) {
        this.#state.teamMembers.delete(`${team.id} ${membership.userId}`)
      }
    }
  }
}

function sortedOldestFirst(memberships: OrganizationMembership[]): OrganizationMembership[] {
  return memberships.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareText(a.id, b.id))
}

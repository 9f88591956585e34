import { CairnError, type Organization, type OrganizationQuery, type OrganizationRepository, type Page } from '@cairn/core'
import { removeVersionsWhere } from './in-memory-provider-version-repository.ts'
import { compareText, deleteWhere, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryOrganizationRepository implements OrganizationRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async list(query: OrganizationQuery): Promise<Page<Organization>> {
    const { memberUserId } = query
    const memberOf = new Set(
      [...this.#state.memberships.values()]
        .filter((m) => m.userId === memberUserId && m.status === 'active')
        .map((m) => m.organizationName),
    )
    const matching = [...this.#state.organizations.values()]
      .filter((organization) => memberUserId === undefined || memberOf.has(organization.name))
      .sort((a, b) => compareText(a.name, b.name))
    return pageOf(matching, query.page)
  }

  async findByName(name: string): Promise<Organization | undefined> {
    return this.#state.organizations.get(name)
  }

  async findByNames(names: readonly string[]): Promise<Organization[]> {
    return names.flatMap((name) => this.#state.organizations.get(name) ?? [])
  }

  async add(organization: Organization): Promise<void> {
    if (this.#state.organizations.has(organization.name)) throw CairnError.invalidField('name', 'has already been taken')
    this.#state.organizations.set(organization.name, organization)
  }

  async update(organization: Organization): Promise<void> {
    if (!this.#state.organizations.has(organization.name)) throw CairnError.notFound('organization')
    this.#state.organizations.set(organization.name, organization)
  }

  async remove(name: string): Promise<void> {
    const state = this.#state
    const teamIds = new Set([...state.teams.values()].filter((t) => t.organizationName === name).map((t) => t.id))
    const workspaceIds = new Set([...state.workspaces.values()].filter((w) => w.organizationName === name).map((w) => w.id))
    state.organizations.delete(name)
    deleteWhere(state.teams, (team) => teamIds.has(team.id))
    for (const key of state.teamMembers) if (teamIds.has(key.split(' ')[0] ?? '')) state.teamMembers.delete(key)
    deleteWhere(state.memberships, (membership) => membership.organizationName === name)
    deleteWhere(
      state.tokens,
      (token) => (token.kind === 'organization' && token.subjectId === name) || (token.kind === 'team' && teamIds.has(token.subjectId)),
    )
    deleteWhere(state.workspaces, (workspace) => workspaceIds.has(workspace.id))
    deleteWhere(state.runs, (run) => workspaceIds.has(run.workspaceId))
    const moduleIds = new Set([...state.registryModules.values()].filter((m) => m.organizationName === name).map((m) => m.id))
    deleteWhere(state.registryModules, (module) => moduleIds.has(module.id))
    deleteWhere(state.moduleVersions, (version) => moduleIds.has(version.moduleId))
    deleteWhere(state.vcsConnections, (connection) => connection.organizationName === name)
    const providerIds = new Set([...state.registryProviders.values()].filter((p) => p.organizationName === name).map((p) => p.id))
    deleteWhere(state.registryProviders, (provider) => providerIds.has(provider.id))
    removeVersionsWhere(state, (version) => providerIds.has(version.providerId))
    deleteWhere(state.gpgKeys, (key) => key.organizationName === name)
  }
}

import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { organizationAccess, requireOrganization } from '../organizations/organization-access.ts'
import type { Team } from '../organizations/team.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { AuthToken, TokenKind } from './auth-token.ts'
import { issueToken, type CreatedToken } from './issue-token.ts'
import { revokeStoredToken } from './revoke-stored-token.ts'

/**
 * Team and organization tokens, which act as service accounts. Owners of the organization issue
 * and revoke them, and a team's own members its token while the team allows member token
 * management. Each team and organization has at most one: issuing a new one revokes the old.
 * Every token issued and revoked is audited, with the organization it belongs to.
 */
export class ManageServiceTokens {
  readonly #deps: UseCaseDeps

  constructor(deps: UseCaseDeps) {
    this.#deps = deps
  }

  createTeamToken(command: { readonly teamId: string }, principal: Principal): Promise<CreatedToken> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const team = await this.#requireTokenManager(repositories, command.teamId, principal)
      return this.#replace(repositories, { kind: 'team', subjectId: team.id, organizationName: team.organizationName }, principal)
    })
  }

  /** The team's active token, without its secret. Raises `not_found` when there is none, as for a missing team. */
  showTeamToken(command: { readonly teamId: string }, principal: Principal): Promise<AuthToken> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const team = await this.#requireTokenManager(repositories, command.teamId, principal)
      const [token] = await repositories.tokens.listActive('team', team.id)
      if (token === undefined) throw CairnError.notFound('token')
      return token
    })
  }

  revokeTeamToken(command: { readonly teamId: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const team = await this.#requireTokenManager(repositories, command.teamId, principal)
      const revoked = await this.#revokeAll(
        repositories,
        { kind: 'team', subjectId: team.id, organizationName: team.organizationName },
        principal,
      )
      if (revoked === 0) throw CairnError.notFound('token')
    })
  }

  createOrganizationToken(command: { readonly organizationName: string }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories): Promise<CreatedToken> => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      return this.#replace(repositories, organizationSubject(command.organizationName), principal)
    })
  }

  revokeOrganizationToken(command: { readonly organizationName: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      const revoked = await this.#revokeAll(repositories, organizationSubject(command.organizationName), principal)
      if (revoked === 0) throw CairnError.notFound('token')
    })
  }

  /** The team, when the principal may manage its token: an owner, or one of its members while it allows that. */
  async #requireTokenManager(repositories: Repositories, teamId: string, principal: Principal): Promise<Team> {
    const team = await repositories.teams.findById(teamId)
    if (team === undefined) throw CairnError.notFound('team')
    const access = await organizationAccess(repositories, principal, team.organizationName)
    if (access.isOwner) return team
    // An invited user is on no team that counts: organizationAccess refuses them canRead.
    const member = team.allowMemberTokenManagement && access.canRead && principal.kind === 'user'
    if (member && (await repositories.teamMembers.teamsOf(team.organizationName, principal.user.id)).some(({ id }) => id === team.id)) {
      return team
    }
    throw CairnError.notFound('team')
  }

  async #replace(repositories: Repositories, subject: ServiceSubject, principal: Principal): Promise<CreatedToken> {
    await this.#revokeAll(repositories, subject, principal)
    return issueToken(this.#deps, repositories, { ...subject, description: null }, principal)
  }

  async #revokeAll(repositories: Repositories, subject: ServiceSubject, principal: Principal): Promise<number> {
    const active = await repositories.tokens.listActive(subject.kind, subject.subjectId)
    for (const token of active)
      await revokeStoredToken(this.#deps, repositories, { token, organizationName: subject.organizationName }, principal)
    return active.length
  }
}

/** Whom a service token acts for, and the organization that is in. */
interface ServiceSubject {
  readonly kind: Exclude<TokenKind, 'user'>
  readonly subjectId: string
  readonly organizationName: string
}

function organizationSubject(organizationName: string): ServiceSubject {
  return { kind: 'organization', subjectId: organizationName, organizationName }
}

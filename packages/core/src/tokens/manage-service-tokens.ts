import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { requireOrganization } from '../organizations/organization-access.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { TokenKind } from './auth-token.ts'
import { issueToken, type CreatedToken } from './issue-token.ts'

/**
 * Team and organization tokens, which act as service accounts. Owners of the organization issue
 * and revoke them. Each team and organization has at most one: issuing a new one revokes the old.
 */
export class ManageServiceTokens {
  readonly #deps: UseCaseDeps

  constructor(deps: UseCaseDeps) {
    this.#deps = deps
  }

  createTeamToken(command: { readonly teamId: string }, principal: Principal): Promise<CreatedToken> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await this.#requireTeamOwner(repositories, command.teamId, principal)
      return this.#replace(repositories, 'team', command.teamId, principal)
    })
  }

  revokeTeamToken(command: { readonly teamId: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await this.#requireTeamOwner(repositories, command.teamId, principal)
      if ((await this.#revokeAll(repositories, 'team', command.teamId)) === 0) throw CairnError.notFound('token')
    })
  }

  createOrganizationToken(command: { readonly organizationName: string }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories): Promise<CreatedToken> => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      return this.#replace(repositories, 'organization', command.organizationName, principal)
    })
  }

  revokeOrganizationToken(command: { readonly organizationName: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      const revoked = await this.#revokeAll(repositories, 'organization', command.organizationName)
      if (revoked === 0) throw CairnError.notFound('token')
    })
  }

  async #requireTeamOwner(repositories: Repositories, teamId: string, principal: Principal): Promise<void> {
    const team = await repositories.teams.findById(teamId)
    if (team === undefined) throw CairnError.notFound('team')
    await requireOrganization(repositories, principal, team.organizationName, 'isOwner')
  }

  async #replace(repositories: Repositories, kind: TokenKind, subjectId: string, principal: Principal): Promise<CreatedToken> {
    await this.#revokeAll(repositories, kind, subjectId)
    return issueToken(this.#deps, repositories, { kind, subjectId, description: null }, principal)
  }

  async #revokeAll(repositories: Repositories, kind: TokenKind, subjectId: string): Promise<number> {
    const active = await repositories.tokens.listActive(kind, subjectId)
    const now = this.#deps.clock.now()
    for (const token of active) await repositories.tokens.update({ ...token, revokedAt: now })
    return active.length
  }
}

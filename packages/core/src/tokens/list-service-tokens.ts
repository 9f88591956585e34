import type { Principal } from '../auth/principal.ts'
import { requireOrganization } from '../organizations/organization-access.ts'
import type { Team } from '../organizations/team.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { MAX_PAGE_SIZE } from '../shared/page.ts'
import type { AuthToken } from './auth-token.ts'

/** An organization's service tokens as its owners see them (without secrets); null where there is none. */
export interface OrganizationServiceTokens {
  readonly organizationName: string
  readonly organizationToken: AuthToken | null
  /** Every team of the organization, by name, with its token. */
  readonly teams: readonly { readonly team: Team; readonly token: AuthToken | null }[]
}

/**
 * The organization's token and its teams' tokens, for the owners who issue and revoke them
 * (`ManageServiceTokens`). Raises `not_found` when the organization is absent or the principal
 * does not own it, as the other owner-only reads do.
 */
export class ListServiceTokens {
  readonly #deps: { readonly unitOfWork: UnitOfWork }

  constructor(deps: { readonly unitOfWork: UnitOfWork }) {
    this.#deps = deps
  }

  execute(command: { readonly organizationName: string }, principal: Principal): Promise<OrganizationServiceTokens> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const { organizationName } = command
      await requireOrganization(repositories, principal, organizationName, 'isOwner')
      const all: Team[] = []
      for (let number = 1; ; number++) {
        const page = await repositories.teams.listByOrganization(organizationName, { number, size: MAX_PAGE_SIZE })
        all.push(...page.items)
        if (page.items.length < MAX_PAGE_SIZE || all.length >= page.total) break
      }
      // Issuing a service token revokes the one before, so each subject has at most one active.
      const activeOf = async (kind: 'team' | 'organization', subjectId: string) =>
        (await repositories.tokens.listActive(kind, subjectId))[0] ?? null
      const teams = []
      for (const team of all) teams.push({ team, token: await activeOf('team', team.id) })
      return { organizationName, organizationToken: await activeOf('organization', organizationName), teams }
    })
  }
}

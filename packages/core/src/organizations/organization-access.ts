import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Organization } from './organization.ts'
import { isOwnersTeam, type Team } from './team.ts'

/** What a principal may do in one organization. */
export interface OrganizationAccess {
  readonly canRead: boolean
  /** Create and publish modules and their versions (spec §5.2). */
  readonly canManageModules: boolean
  readonly canManageWorkspaces: boolean
  /** Owners update and delete modules (spec §5.3) and manage teams, members and the organization. */
  readonly isOwner: boolean
}

const NONE: OrganizationAccess = { canRead: false, canManageModules: false, canManageWorkspaces: false, isOwner: false }

function fromTeams(teams: readonly Team[]): OrganizationAccess {
  const isOwner = teams.some(isOwnersTeam)
  return {
    canRead: teams.length > 0,
    canManageModules: isOwner || teams.some((team) => team.access.manageModules),
    canManageWorkspaces: isOwner || teams.some((team) => team.access.manageWorkspaces),
    isOwner,
  }
}

/**
 * Works out a principal's access to an organization from its memberships: a user with an active
 * membership through the teams they are on (members on no team may read), a team token through its team, an
 * organization token reads and manages modules and workspaces but does not own.
 */
export async function organizationAccess(
  repositories: Repositories,
  principal: Principal,
  organizationName: string,
): Promise<OrganizationAccess> {
  switch (principal.kind) {
    case 'operator':
      return { canRead: true, canManageModules: true, canManageWorkspaces: true, isOwner: true }
    case 'organization':
      return principal.organizationName === organizationName
        ? { canRead: true, canManageModules: true, canManageWorkspaces: true, isOwner: false }
        : NONE
    case 'team':
      return principal.team.organizationName === organizationName ? fromTeams([principal.team]) : NONE
    case 'user': {
      const membership = await repositories.memberships.find(organizationName, principal.user.id)
      // An invitation grants nothing until it is accepted.
      if (membership?.status !== 'active') return NONE
      const access = fromTeams(await repositories.teamMembers.teamsOf(organizationName, principal.user.id))
      return { ...access, canRead: true }
    }
  }
}

/**
 * `canRead` worked out without a read of its own where it can be (the registry protocol's hot
 * path): granted or refused outright, or granted when the user is a member, as
 * `organizationAccess` lets every member read.
 */
export type ReadCheck = { readonly kind: 'granted' } | { readonly kind: 'refused' } | { readonly kind: 'member'; readonly userId: string }

export function readCheck(principal: Principal, organizationName: string): ReadCheck {
  switch (principal.kind) {
    case 'operator':
      return { kind: 'granted' }
    case 'organization':
      return { kind: principal.organizationName === organizationName ? 'granted' : 'refused' }
    case 'team':
      return { kind: principal.team.organizationName === organizationName ? 'granted' : 'refused' }
    case 'user':
      return { kind: 'member', userId: principal.user.id }
  }
}

/**
 * The organization, when the principal has the access `need` to it. Raises `not_found` both
 * when it does not exist and when the principal lacks that access, as the real API does.
 */
export async function requireOrganization(
  repositories: Repositories,
  principal: Principal,
  organizationName: string,
  need: keyof OrganizationAccess,
): Promise<Organization> {
  const organization = await repositories.organizations.findByName(organizationName)
  if (organization === undefined) throw CairnError.notFound('organization')
  const access = await organizationAccess(repositories, principal, organizationName)
  if (!access[need]) throw CairnError.notFound('organization')
  return organization
}

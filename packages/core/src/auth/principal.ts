import { CairnError } from '../errors/cairn-error.ts'
import type { Team } from '../organizations/team.ts'
import type { User } from '../users/user.ts'

/** How a user proved who they are: a token, or a cookie session (maybe an impersonation). */
export type UserCredential =
  | { readonly kind: 'token'; readonly tokenId: string }
  | { readonly kind: 'session'; readonly sessionId: string; readonly impersonator: User | null }

/** A request acting as a user. During impersonation, `user` is the impersonated user. */
export interface UserPrincipal {
  readonly kind: 'user'
  readonly user: User
  readonly credential: UserCredential
}

/** A request made with a team's token: a service account with the team's access. */
export interface TeamPrincipal {
  readonly kind: 'team'
  readonly team: Team
  readonly tokenId: string
}

/** A request made with an organization's token. */
export interface OrganizationPrincipal {
  readonly kind: 'organization'
  readonly organizationName: string
  readonly tokenId: string
}

/**
 * Someone with access to the server's own configuration (the `cairn` CLI on the server's
 * machine): trusted like a site administrator, and the only way to create the first one.
 */
export interface OperatorPrincipal {
  readonly kind: 'operator'
}

/** Who is asking. Use cases decide what a principal may do; route handlers never do. */
export type Principal = UserPrincipal | TeamPrincipal | OrganizationPrincipal | OperatorPrincipal

export const OPERATOR: OperatorPrincipal = { kind: 'operator' }

export function isSiteAdmin(principal: Principal): boolean {
  return principal.kind === 'operator' || (principal.kind === 'user' && principal.user.isSiteAdmin)
}

/**
 * Admin operations answer `not_found` to everyone else, so that the admin API does not even
 * reveal that it exists (spec §5.4).
 */
export function assertSiteAdmin(principal: Principal): void {
  if (!isSiteAdmin(principal)) throw CairnError.notFound('resource')
}

/** The administrator behind an impersonation session, if this request is made in one. */
export function impersonatorOf(principal: Principal): User | null {
  return principal.kind === 'user' && principal.credential.kind === 'session' ? principal.credential.impersonator : null
}

/** The user a principal acts as, if any. */
export function userOf(principal: Principal): User | null {
  return principal.kind === 'user' ? principal.user : null
}

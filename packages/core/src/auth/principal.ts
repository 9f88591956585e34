import { CairnError } from '../errors/cairn-error.ts'
import type { User } from '../users/user.ts'

/** A request authenticated by a user's token. */
export interface UserPrincipal {
  readonly kind: 'user'
  readonly user: User
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
export type Principal = UserPrincipal | OperatorPrincipal

export const OPERATOR: OperatorPrincipal = { kind: 'operator' }

export function isSiteAdmin(principal: Principal): boolean {
  return principal.kind === 'operator' || principal.user.isSiteAdmin
}

/**
 * Admin operations answer `not_found` to everyone else, so that the admin API does not even
 * reveal that it exists (spec §5.4).
 */
export function assertSiteAdmin(principal: Principal): void {
  if (!isSiteAdmin(principal)) throw CairnError.notFound('resource')
}

import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { AuthToken } from './auth-token.ts'

/**
 * Revokes a stored token, which then no longer authenticates, and audits it (`token.revoked`,
 * the token's id as target) with the principal who revoked it and the organization of a team or
 * organization token.
 */
export async function revokeStoredToken(
  deps: Pick<UseCaseDeps, 'clock' | 'ids'>,
  repositories: Repositories,
  revoked: { readonly token: AuthToken; readonly organizationName?: string },
  principal: Principal,
): Promise<void> {
  const { token, organizationName } = revoked
  await repositories.tokens.update({ ...token, revokedAt: deps.clock.now() })
  await recordAuditEvent(deps, repositories, {
    type: 'token.revoked',
    principal,
    targetId: token.id,
    ...(token.description !== null && { targetName: token.description }),
    ...(organizationName !== undefined && { organizationName }),
  })
}

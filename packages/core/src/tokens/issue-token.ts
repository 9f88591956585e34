import { recordAuditEvent } from '../audit/record-audit-event.ts'
import { impersonatorOf, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { formatBearerToken, type AuthToken, type TokenKind } from './auth-token.ts'

/** The stored token and the bearer string for it, which is never shown again. */
export interface CreatedToken {
  readonly token: AuthToken
  readonly bearer: string
}

/**
 * Makes and stores a token for a subject; only its secret's hash is kept. Every kind of token is
 * refused during an impersonation (`forbidden`): it would outlive the impersonation and escape
 * its audit trail. Each issued token is audited with the person behind the request (and the
 * organization of a team or organization token).
 */
export async function issueToken(
  deps: Pick<UseCaseDeps, 'clock' | 'ids' | 'hasher'>,
  repositories: Repositories,
  subject: {
    readonly kind: TokenKind
    readonly subjectId: string
    readonly description: string | null
    readonly organizationName?: string
  },
  principal: Principal,
): Promise<CreatedToken> {
  if (impersonatorOf(principal) !== null) {
    throw new CairnError('forbidden', 'tokens cannot be created while impersonating a user')
  }
  const secret = deps.hasher.newSecret()
  const token: AuthToken = {
    id: deps.ids.next('at'),
    kind: subject.kind,
    subjectId: subject.subjectId,
    description: subject.description,
    secretHash: deps.hasher.hash(secret),
    createdAt: deps.clock.now(),
    revokedAt: null,
    lastUsedAt: null,
  }
  await repositories.tokens.add(token)
  await recordAuditEvent(deps, repositories, {
    type: 'token.created',
    principal,
    targetId: token.id,
    ...(token.description !== null && { targetName: token.description }),
    ...(subject.organizationName !== undefined && { organizationName: subject.organizationName }),
  })
  return { token, bearer: formatBearerToken(token.id, secret) }
}

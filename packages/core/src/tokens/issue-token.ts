import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { formatBearerToken, type AuthToken, type TokenKind } from './auth-token.ts'

/** The stored token and the bearer string for it, which is never shown again. */
export interface CreatedToken {
  readonly token: AuthToken
  readonly bearer: string
}

/** Makes and stores a token for a subject; only its secret's hash is kept. */
export async function issueToken(
  deps: Pick<UseCaseDeps, 'clock' | 'ids' | 'hasher'>,
  repositories: Repositories,
  subject: { readonly kind: TokenKind; readonly subjectId: string; readonly description: string | null },
): Promise<CreatedToken> {
  const secret = deps.hasher.newSecret()
  const token: AuthToken = {
    id: deps.ids.next('at'),
    ...subject,
    secretHash: deps.hasher.hash(secret),
    createdAt: deps.clock.now(),
    revokedAt: null,
  }
  await repositories.tokens.add(token)
  return { token, bearer: formatBearerToken(token.id, secret) }
}

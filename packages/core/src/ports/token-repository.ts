import type { AuthToken } from '../tokens/auth-token.ts'

/** Authentication tokens, stored by the hash of their secret only. */
export interface TokenRepository {
  findById(id: string): Promise<AuthToken | undefined>
  add(token: AuthToken): Promise<void>
  /** Replaces a stored token (to record its revocation). */
  update(token: AuthToken): Promise<void>
}

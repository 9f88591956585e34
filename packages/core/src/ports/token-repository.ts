import type { AuthToken, TokenKind } from '../tokens/auth-token.ts'

/** Authentication tokens, stored by the hash of their secret only. */
export interface TokenRepository {
  findById(id: string): Promise<AuthToken | undefined>
  /** The unrevoked tokens acting for one subject, oldest first. */
  listActive(kind: TokenKind, subjectId: string): Promise<AuthToken[]>
  /** Stores a token. Raises `not_found` when its subject does not exist. */
  add(token: AuthToken): Promise<void>
  /** Replaces a stored token (to record its revocation). */
  update(token: AuthToken): Promise<void>
  /**
   * Sets each token's `lastUsedAt` to its time unless it has a later one already, in one statement
   * (see `UnitOfWork.autocommit`); a token since deleted is skipped.
   */
  recordUses(uses: ReadonlyMap<string, Date>): Promise<void>
}

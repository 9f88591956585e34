import type { LoginCode } from '../login/login-code.ts'

/** The CLI login's authorization codes, by the digest of the code; shared by every process on one store. */
export interface LoginCodeRepository {
  /**
   * Stores a new code, and drops the codes that expired before it was created, so that logins
   * abandoned halfway do not accumulate. Raises `not_found` when its user does not exist.
   */
  add(code: LoginCode): Promise<void>
  /**
   * Removes the code with this digest and returns it, or `undefined` when there is none: of two
   * concurrent takes of one code, only one gets it, so that a code is redeemed at most once.
   * Expired codes are returned as they are (the caller decides), and removed all the same.
   */
  take(digest: string): Promise<LoginCode | undefined>
}

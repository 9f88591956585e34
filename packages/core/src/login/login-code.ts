import { CairnError } from '../errors/cairn-error.ts'

/**
 * An authorization code a signed-in user approved for the CLI, stored by the digest of the code
 * only (the code itself travels once, through the CLI's listener). It is bound to the client, the
 * redirect and the PKCE challenge it was asked with, lives `LOGIN_CODE_LIFETIME_MS`, and leaves
 * the store with the token it is redeemed for (a refused redemption takes nothing: its unit of
 * work rolls back).
 */
export interface LoginCode {
  readonly digest: string
  readonly userId: string
  /** The session the user approved in: the token's audit event names it as the credential used. */
  readonly sessionId: string
  readonly clientId: string
  readonly redirectUri: string
  readonly codeChallenge: string
  readonly createdAt: Date
  readonly expiresAt: Date
}

/** Long enough for a CLI to exchange the code it was just sent, short enough that a leaked one is stale. */
export const LOGIN_CODE_LIFETIME_MS = 5 * 60 * 1000

/** What the CLI presents with a code at the token endpoint. */
export interface CodeRedemption {
  readonly clientId: string
  readonly redirectUri: string
  /** Whether the request's `code_verifier` hashes to the code's challenge (checked by the caller: it is async). */
  readonly verifierMatches: boolean
}

/**
 * The transition from an issued code to a token: allowed only while the code is live and for the
 * very request it was issued to (RFC 6749 §4.1.3, RFC 7636 §4.6). Raises `precondition`
 * (OAuth's `invalid_grant`) otherwise, naming no detail beyond the parameter: the caller may be
 * someone who intercepted the code.
 */
export function redeemLoginCode(code: LoginCode | undefined, redemption: CodeRedemption, now: Date): LoginCode {
  if (code === undefined || code.expiresAt.getTime() <= now.getTime()) throw invalidGrant('code', 'is unknown, used or expired')
  if (code.clientId !== redemption.clientId) throw invalidGrant('code', 'was issued to another client')
  if (code.redirectUri !== redemption.redirectUri) throw invalidGrant('redirect_uri', 'is not the one the code was issued for')
  if (!redemption.verifierMatches) throw invalidGrant('code_verifier', 'does not match the code challenge')
  return code
}

/** `precondition` (OAuth's invalid_grant) naming the parameter. */
export function invalidGrant(parameter: string, message: string): CairnError {
  return new CairnError('precondition', `${parameter} ${message}`, [{ field: parameter, message }])
}

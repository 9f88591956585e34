import { verifyChallenge } from 'pkce-challenge'
import { impersonatorOf, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { issueToken, type CreatedToken } from '../tokens/issue-token.ts'
import { invalidGrant, LOGIN_CODE_LIFETIME_MS, redeemLoginCode, type LoginCode } from './login-code.ts'
import { LOGIN_CLIENT, parseLoginRequest, refusedParameter, type LoginRequest, type LoginRequestParameters } from './login-request.ts'

/** How the tokens `login` makes describe themselves on the token page. */
export const LOGIN_TOKEN_DESCRIPTION = 'Created by terraform login / tofu login'

// RFC 7636 §4.1: 43 to 128 unreserved characters.
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/

/**
 * `terraform login` and `tofu login` (OAuth 2 authorization code with PKCE S256, login.v1): the
 * web page checks the CLI's request and shows it, a signed-in user approves or denies it, and
 * the CLI exchanges the code for a user token. Refusals of the token request are `bad_request`
 * naming the parameter (OAuth's invalid_request, invalid_client for `client_id`,
 * unsupported_grant_type for `grant_type`) or `precondition` (invalid_grant).
 */
export class CliLogin {
  readonly #deps: UseCaseDeps

  constructor(deps: UseCaseDeps) {
    this.#deps = deps
  }

  /** The request as the approval page shows it; `bad_request` naming the parameter when it is not the CLI's. */
  check(parameters: LoginRequestParameters): LoginRequest {
    return parseLoginRequest(parameters)
  }

  /**
   * Issues a code for the signed-in user and answers where the browser goes next: the CLI's
   * listener with `code` and `state`. Raises `unauthenticated` for anyone but a user signed in with
   * a session, `forbidden` during an impersonation (the token would escape its audit trail).
   */
  async approve(parameters: LoginRequestParameters, principal: Principal): Promise<URL> {
    const request = parseLoginRequest(parameters)
    const approver = approverOf(principal)
    const code = this.#deps.hasher.newSecret()
    const now = this.#deps.clock.now()
    const stored: LoginCode = {
      digest: this.#deps.hasher.hash(code),
      userId: approver.user.id,
      sessionId: approver.sessionId,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOGIN_CODE_LIFETIME_MS),
    }
    await this.#deps.unitOfWork.run(({ loginCodes }) => loginCodes.add(stored))
    return redirectTo(request, { code, state: request.state })
  }

  /** Where the browser goes when the user refuses: the CLI's listener with OAuth's `access_denied`. */
  deny(parameters: LoginRequestParameters): URL {
    const request = parseLoginRequest(parameters)
    return redirectTo(request, { error: 'access_denied', state: request.state })
  }

  /** The token request (RFC 6749 §4.1.3): redeems the code, once, for a new token of the user who approved it. */
  async exchange(parameters: LoginRequestParameters): Promise<CreatedToken> {
    const { code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier } = parameters
    if (parameters['grant_type'] !== 'authorization_code') throw refusedParameter('grant_type', 'must be authorization_code')
    if (clientId !== LOGIN_CLIENT.id) throw refusedParameter('client_id', `must be ${LOGIN_CLIENT.id}`)
    if (code === undefined || code === '') throw refusedParameter('code', 'is required')
    if (redirectUri === undefined) throw refusedParameter('redirect_uri', 'is required')
    if (verifier === undefined || !CODE_VERIFIER.test(verifier))
      throw refusedParameter('code_verifier', 'must be 43 to 128 unreserved characters')
    const digest = this.#deps.hasher.hash(code)
    return this.#deps.unitOfWork.run(async (repositories) => {
      const taken = await repositories.loginCodes.take(digest)
      const verifierMatches = taken !== undefined && (await verifyChallenge(verifier, taken.codeChallenge, 'S256'))
      const redeemed = redeemLoginCode(taken, { clientId, redirectUri, verifierMatches }, this.#deps.clock.now())
      const user = await repositories.users.findById(redeemed.userId)
      if (user === undefined || user.isSuspended) throw invalidGrant('code', 'is unknown, used or expired')
      const principal: UserPrincipal = {
        kind: 'user',
        user,
        credential: { kind: 'session', sessionId: redeemed.sessionId, impersonator: null },
      }
      return issueToken(this.#deps, repositories, { kind: 'user', subjectId: user.id, description: LOGIN_TOKEN_DESCRIPTION }, principal)
    })
  }
}

function approverOf(principal: Principal): { readonly user: UserPrincipal['user']; readonly sessionId: string } {
  if (principal.kind !== 'user' || principal.credential.kind !== 'session')
    throw new CairnError('unauthenticated', 'sign in to approve a login')
  if (impersonatorOf(principal) !== null) throw new CairnError('forbidden', 'a login cannot be approved while impersonating a user')
  return { user: principal.user, sessionId: principal.credential.sessionId }
}

function redirectTo(request: LoginRequest, query: Readonly<Record<string, string>>): URL {
  const url = new URL(request.redirectUri)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url
}

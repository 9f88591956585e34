import { CairnError } from '../errors/cairn-error.ts'

/**
 * The one OAuth client this server knows: Terraform's and OpenTofu's CLIs, which both call
 * themselves `terraform-cli`, listen on `http://localhost:<port>/login` for a port of `ports`
 * (as discovery announces it) and send a PKCE S256 challenge.
 */
export const LOGIN_CLIENT = { id: 'terraform-cli', ports: [10000, 10010] } as const

/** An authorization request of the CLI, checked: where to send the code and what it is bound to. */
export interface LoginRequest {
  readonly clientId: string
  readonly redirectUri: string
  readonly state: string
  readonly codeChallenge: string
}

/** The query (or form) of an authorization request, as the CLI sends it. */
export type LoginRequestParameters = Readonly<Record<string, string | undefined>>

// RFC 7636 §4.2: a challenge is the base64url SHA-256 of the verifier, 43 characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/
// The CLIs send 32 random bytes as a state; anything printable up to a bound will do.
const STATE = /^[!-~]{1,512}$/
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1'])

/** Whether `uri` is the CLI's listener: plain http on the loopback, path `/login`, a port of the range. */
export function isLoginRedirect(uri: string): boolean {
  if (!URL.canParse(uri)) return false
  const url = new URL(uri)
  const port = Number(url.port)
  const [low, high] = LOGIN_CLIENT.ports
  return (
    url.protocol === 'http:' &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/login' &&
    url.hash === '' &&
    port >= low &&
    port <= high
  )
}

/**
 * Checks an authorization request (RFC 6749 §4.1.1 with RFC 7636's S256 challenge). Raises
 * `bad_request` naming the parameter: `client_id` not the CLI's, `redirect_uri` not its listener
 * on localhost within the port range, `response_type` not `code`, `code_challenge_method` not
 * `S256`, a malformed `code_challenge` or `state`.
 */
export function parseLoginRequest(parameters: LoginRequestParameters): LoginRequest {
  const { client_id: clientId, redirect_uri: redirectUri, state, code_challenge: codeChallenge } = parameters
  if (clientId !== LOGIN_CLIENT.id) throw refusedParameter('client_id', `must be ${LOGIN_CLIENT.id}`)
  if (redirectUri === undefined || !isLoginRedirect(redirectUri)) {
    const [low, high] = LOGIN_CLIENT.ports
    throw refusedParameter('redirect_uri', `must be http://localhost:<port>/login with a port from ${low} to ${high}`)
  }
  if (parameters['response_type'] !== 'code') throw refusedParameter('response_type', 'must be code')
  if (parameters['code_challenge_method'] !== 'S256') throw refusedParameter('code_challenge_method', 'must be S256')
  if (codeChallenge === undefined || !S256_CHALLENGE.test(codeChallenge)) {
    throw refusedParameter('code_challenge', 'must be a base64url SHA-256 digest of 43 characters')
  }
  if (state === undefined || !STATE.test(state)) throw refusedParameter('state', 'must be 1 to 512 printable characters')
  return { clientId, redirectUri, state, codeChallenge }
}

/** `bad_request` naming the OAuth parameter that is missing or malformed. */
export function refusedParameter(parameter: string, message: string): CairnError {
  return new CairnError('bad_request', `${parameter} ${message}`, [{ field: parameter, message }])
}

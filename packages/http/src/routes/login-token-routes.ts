import { isCairnError, type CairnError } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { operation } from '../openapi/operation.ts'
import { json } from '../openapi/responses.ts'

/** Where discovery's `login.v1` sends the CLI for its token. */
export const LOGIN_TOKEN_PATH = '/oauth/token'

const FORM = 'application/x-www-form-urlencoded'
const TOKEN_ANSWER = { type: 'object', properties: { access_token: { type: 'string' }, token_type: { const: 'bearer' } } } as const
const OAUTH_ERROR = { type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' } } } as const

const TOKEN = operation({
  summary: 'Exchange a login code for a token (login.v1)',
  description:
    'The token endpoint of `terraform login` and `tofu login` (OAuth 2 authorization code with PKCE S256): a form with `grant_type=authorization_code`, `code`, `redirect_uri`, `client_id` and `code_verifier` answers a new user token, described as made by login. Each code is redeemed once.',
  tag: 'tokens',
  security: [],
  errors: 'none',
  bodyType: FORM,
  responses: {
    200: json('The new token', TOKEN_ANSWER),
    400: json('An OAuth error: invalid_request, invalid_client, invalid_grant or unsupported_grant_type', OAUTH_ERROR),
  },
})

type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type'

/** RFC 6749 §5.2's error for what the login refused: a redeemed, expired or mismatched code is invalid_grant. */
function oauthErrorOf(error: CairnError): OAuthError {
  if (error.code === 'precondition') return 'invalid_grant'
  const parameter = error.fields[0]?.field
  if (parameter === 'client_id') return 'invalid_client'
  if (parameter === 'grant_type') return 'unsupported_grant_type'
  return 'invalid_request'
}

/** `POST /oauth/token`, outside `/api/v2`: the CLI has no credential yet, the code is its proof. */
export function loginTokenRoutes(deps: Pick<HttpDeps, 'cliLogin'>) {
  return new Hono<AppEnv>().post(LOGIN_TOKEN_PATH, TOKEN, async (c) => {
    // RFC 6749 §5.1: the answer carries a credential, so no cache may keep it.
    c.header('Cache-Control', 'no-store')
    c.header('Pragma', 'no-cache')
    const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
    if (mediaType !== FORM) return c.json({ error: 'invalid_request', error_description: `the body must be ${FORM}` }, 400)
    const form = new URLSearchParams(await c.req.text())
    try {
      const { bearer } = await deps.cliLogin.exchange(Object.fromEntries(form))
      return c.json({ access_token: bearer, token_type: 'bearer' })
    } catch (error) {
      if (!isCairnError(error, 'bad_request') && !isCairnError(error, 'precondition')) throw error
      return c.json({ error: oauthErrorOf(error), error_description: error.message }, 400)
    }
  })
}

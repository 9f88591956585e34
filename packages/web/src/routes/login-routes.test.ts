import { LOGIN_CODE_LIFETIME_MS, LOGIN_TOKEN_DESCRIPTION } from '@cairn/core'
import { createHash, randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { ORIGIN, webTestApp, type WebTestApp } from '../test-support/web-test-app.ts'

const REDIRECT = 'http://localhost:10000/login'

/** A PKCE pair as the CLIs make it (RFC 7636 §4.1–4.2), computed apart from the server's own check. */
function pkceChallenge() {
  const verifier = randomBytes(32).toString('base64url')
  return { code_verifier: verifier, code_challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** terraform login and tofu login against the web page and the token endpoint, as a browser and the CLI. */
describe('login.v1: the approval page and the token endpoint', () => {
  let t: WebTestApp
  let session: { cookie: string; csrf: string }
  let pkce: { code_verifier: string; code_challenge: string }

  const requestOf = (overrides: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: 'terraform-cli',
    redirect_uri: REDIRECT,
    state: 'the-state',
    code_challenge: pkce.code_challenge,
    code_challenge_method: 'S256',
    ...overrides,
  })
  const authorizePath = (overrides: Record<string, string> = {}) => `/app/login/authorize?${new URLSearchParams(requestOf(overrides))}`

  /** Posts the approval form as the page rendered it; answers where the page sends the browser. */
  async function decide(decision: 'approve' | 'deny', overrides: Record<string, string> = {}): Promise<URL> {
    const answer = await t.browse('/app/login/authorize', {
      cookie: session.cookie,
      form: { _csrf: session.csrf, ...requestOf(overrides), decision },
    })
    expect(answer.status).toBe(200)
    const href = /id="return-to-cli" href="([^"]+)"/.exec(await answer.text())?.[1] ?? ''
    return new URL(href.replaceAll('&amp;', '&'))
  }

  async function approvedCode(): Promise<string> {
    return (await decide('approve')).searchParams.get('code') ?? ''
  }

  function exchange(code: string, overrides: Record<string, string> = {}) {
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'terraform-cli',
      code_verifier: pkce.code_verifier,
      ...overrides,
    }
    return t.app.request(`${ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
  }

  async function ownerTokenCount(): Promise<number> {
    return (await t.useCases.userTokens.list.execute({ userId: t.owner.user.id }, t.owner.principal)).length
  }

  async function expectRefused(answer: Response, error: string): Promise<void> {
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error })
  }

  beforeEach(async () => {
    t = await webTestApp()
    session = await t.signIn(t.owner.token)
    pkce = pkceChallenge()
  })

  it('discovery announces the approval page and the token endpoint, with the port range', async () => {
    const services = (await (await t.app.request('/.well-known/terraform.json')).json()) as Record<string, unknown>
    expect(services['login.v1']).toEqual({
      client: 'terraform-cli',
      grant_types: ['authz_code'],
      authz: '/app/login/authorize',
      token: '/oauth/token',
      ports: [10000, 10010],
    })
  })

  it('a signed-out browser signs in first and comes back to the request', async () => {
    const answer = await t.browse(authorizePath())
    expect(answer.status).toBe(303)
    expect(answer.headers.get('Location')).toBe(`/app/sign-in?next=${encodeURIComponent(authorizePath())}`)
  })

  it('the page shows the signed-in user what is asked, with Approve and Deny in a CSRF-protected form', async () => {
    const answer = await t.browse(authorizePath(), { cookie: session.cookie })
    expect(answer.status).toBe(200)
    const page = await answer.text()
    expect(page).toContain('<code>terraform-cli</code>')
    expect(page).toContain('<strong>owner</strong>')
    expect(page).toContain(LOGIN_TOKEN_DESCRIPTION)
    expect(page).toContain(`name="_csrf" value="${session.csrf}"`)
    expect(page).toMatch(/value="approve">Approve<\/button>/)
    expect(page).toMatch(/value="deny">Deny<\/button>/)
  })

  it('approval: the page goes on to the CLI listener without a redirect the CSP would block, and the code buys one token', async () => {
    const answer = await t.browse('/app/login/authorize', {
      cookie: session.cookie,
      form: { _csrf: session.csrf, ...requestOf(), decision: 'approve' },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Location')).toBeNull()
    expect(await answer.text()).toMatch(
      /<meta http-equiv="refresh" content="0;url=http:\/\/localhost:10000\/login\?code=[^"]+&amp;state=the-state">/,
    )
    const before = await ownerTokenCount()
    const redirect = await decide('approve')
    expect(redirect.searchParams.get('state')).toBe('the-state')
    const granted = await exchange(redirect.searchParams.get('code') ?? '')
    expect(granted.status).toBe(200)
    expect(granted.headers.get('Cache-Control')).toBe('no-store')
    const body = (await granted.json()) as { access_token: string; token_type: string }
    expect(body.token_type).toBe('bearer')
    const account = await t.app.request('/api/v2/account/details', { headers: { Authorization: `Bearer ${body.access_token}` } })
    expect(account.status).toBe(200)
    expect(await account.json()).toMatchObject({ data: { attributes: { username: 'owner' } } })
    const tokens = await t.useCases.userTokens.list.execute({ userId: t.owner.user.id }, t.owner.principal)
    expect(tokens).toHaveLength(before + 1)
    expect(tokens.filter((token) => token.description === LOGIN_TOKEN_DESCRIPTION)).toHaveLength(1)
  })

  it('denial sends the CLI access_denied with its state, and no code', async () => {
    const redirect = await decide('deny')
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT)
    expect(redirect.searchParams.get('error')).toBe('access_denied')
    expect(redirect.searchParams.get('state')).toBe('the-state')
    expect(redirect.searchParams.get('code')).toBeNull()
  })

  it.each([
    ['a port outside the range', 'http://localhost:10011/login'],
    ['a host that is not localhost', 'http://attacker.example:10000/login'],
    ['https', 'https://localhost:10000/login'],
    ['another path', 'http://localhost:10000/steal'],
  ])('a redirect URI with %s is refused on the page and in the form, and nothing is issued', async (_, redirectUri) => {
    const shown = await t.browse(authorizePath({ redirect_uri: redirectUri }), { cookie: session.cookie })
    expect(shown.status).toBe(400)
    expect(await shown.text()).toContain('redirect_uri')
    const before = await ownerTokenCount()
    const posted = await t.browse('/app/login/authorize', {
      cookie: session.cookie,
      form: { _csrf: session.csrf, ...requestOf({ redirect_uri: redirectUri }), decision: 'approve' },
    })
    expect(posted.status).toBe(400)
    expect(await posted.text()).not.toContain(redirectUri.replace('http://', ''))
    expect(await ownerTokenCount()).toBe(before)
  })

  it('a request of another client or without S256 is refused on the page', async () => {
    for (const overrides of [{ client_id: 'someone-else' }, { code_challenge_method: 'plain' }]) {
      expect((await t.browse(authorizePath(overrides), { cookie: session.cookie })).status).toBe(400)
    }
  })

  it('the approval form without the CSRF token, or from another site, is refused and issues no code', async () => {
    const withoutToken = await t.browse('/app/login/authorize', { cookie: session.cookie, form: { ...requestOf(), decision: 'approve' } })
    expect(withoutToken.status).toBe(403)
    expect(await withoutToken.text()).not.toContain('code=')
    const crossSite = await t.browse('/app/login/authorize', {
      cookie: session.cookie,
      form: { _csrf: session.csrf, ...requestOf(), decision: 'approve' },
      headers: { Origin: 'https://evil.example' },
    })
    expect(crossSite.status).toBe(403)
  })

  it('a code is redeemed once: the second exchange is invalid_grant and issues nothing', async () => {
    const code = await approvedCode()
    expect((await exchange(code)).status).toBe(200)
    const before = await ownerTokenCount()
    await expectRefused(await exchange(code), 'invalid_grant')
    expect(await ownerTokenCount()).toBe(before)
  })

  it('an expired code is invalid_grant', async () => {
    const code = await approvedCode()
    t.clock.advance(LOGIN_CODE_LIFETIME_MS + 1)
    const before = await ownerTokenCount()
    await expectRefused(await exchange(code), 'invalid_grant')
    expect(await ownerTokenCount()).toBe(before)
  })

  it('a wrong verifier, or another redirect URI, is invalid_grant', async () => {
    const code = await approvedCode()
    const before = await ownerTokenCount()
    await expectRefused(await exchange(code, { code_verifier: pkceChallenge().code_verifier }), 'invalid_grant')
    await expectRefused(await exchange(code, { redirect_uri: 'http://localhost:10001/login' }), 'invalid_grant')
    expect(await ownerTokenCount()).toBe(before)
  })

  it('a code presented by another client is invalid_client; an unknown code invalid_grant', async () => {
    const code = await approvedCode()
    const before = await ownerTokenCount()
    await expectRefused(await exchange(code, { client_id: 'another-client' }), 'invalid_client')
    await expectRefused(await exchange('not-a-code'), 'invalid_grant')
    expect(await ownerTokenCount()).toBe(before)
  })

  it('another grant type is unsupported_grant_type; a missing verifier or a JSON body invalid_request', async () => {
    const code = await approvedCode()
    await expectRefused(await exchange(code, { grant_type: 'password' }), 'unsupported_grant_type')
    await expectRefused(await exchange(code, { code_verifier: '' }), 'invalid_request')
    const json = await t.app.request(`${ORIGIN}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    })
    await expectRefused(json, 'invalid_request')
  })
})

import { inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import pkceChallenge from 'pkce-challenge'
import { beforeEach, describe, expect, it } from 'vitest'
import type { UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { LOGIN_CODE_LIFETIME_MS } from './login-code.ts'
import { LOGIN_TOKEN_DESCRIPTION } from './cli-login.ts'

const REDIRECT = 'http://localhost:10003/login'

describe('CliLogin: login.v1 for terraform login and tofu login', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let bob: UserPrincipal
  let pkce: { code_verifier: string; code_challenge: string }

  const request = (overrides: Record<string, string | undefined> = {}) => ({
    response_type: 'code',
    client_id: 'terraform-cli',
    redirect_uri: REDIRECT,
    state: 'state-1',
    code_challenge: pkce.code_challenge,
    code_challenge_method: 'S256',
    ...overrides,
  })

  async function approvedCode(): Promise<string> {
    const redirect = await cases.cliLogin.approve(request(), bob)
    return redirect.searchParams.get('code') ?? ''
  }

  const exchange = (code: string, overrides: Record<string, string> = {}) =>
    cases.cliLogin.exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'terraform-cli',
      code_verifier: pkce.code_verifier,
      ...overrides,
    })

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    const signedUp = await signUpUser(cases, 'bob')
    bob = { ...signedUp, credential: { kind: 'session', sessionId: 'sess-bob', impersonator: null } }
    pkce = await pkceChallenge()
  })

  it('an approval sends the browser to the CLI listener with a code and the state', async () => {
    const redirect = await cases.cliLogin.approve(request(), bob)
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT)
    expect(redirect.searchParams.get('state')).toBe('state-1')
    expect(redirect.searchParams.get('code')).not.toBe('')
  })

  it('the code is exchanged once for a user token described as made by login', async () => {
    const code = await approvedCode()
    const { token, bearer } = await exchange(code)
    expect(token).toMatchObject({ kind: 'user', subjectId: bob.user.id, description: LOGIN_TOKEN_DESCRIPTION })
    await expect(cases.authenticateToken.execute(bearer)).resolves.toMatchObject({ user: { username: 'bob' } })
    await expect(exchange(code)).rejects.toMatchObject({ code: 'precondition', fields: [{ field: 'code' }] })
  })

  it('only a digest of the code is stored', async () => {
    const code = await approvedCode()
    await expect(deps.unitOfWork.run(({ loginCodes }) => loginCodes.take(code))).resolves.toBeUndefined()
  })

  it('an expired code is refused', async () => {
    const code = await approvedCode()
    deps.clock.advance(LOGIN_CODE_LIFETIME_MS)
    await expect(exchange(code)).rejects.toMatchObject({ code: 'precondition', fields: [{ field: 'code' }] })
  })

  it('a wrong verifier or another redirect is refused, and the code stays for the CLI that holds the verifier', async () => {
    const code = await approvedCode()
    const other = await pkceChallenge()
    await expect(exchange(code, { code_verifier: other.code_verifier })).rejects.toMatchObject({
      code: 'precondition',
      fields: [{ field: 'code_verifier' }],
    })
    await expect(exchange(code, { redirect_uri: 'http://localhost:10004/login' })).rejects.toMatchObject({
      code: 'precondition',
      fields: [{ field: 'redirect_uri' }],
    })
    await expect(exchange(code)).resolves.toMatchObject({ token: { subjectId: bob.user.id } })
  })

  it.each([
    ['grant_type', { grant_type: 'password' }],
    ['client_id', { client_id: 'another-client' }],
    ['code_verifier', { code_verifier: 'short' }],
  ])('a token request with a bad %s is refused as bad_request', async (field, overrides) => {
    const code = await approvedCode()
    await expect(exchange(code, overrides)).rejects.toMatchObject({ code: 'bad_request', fields: [{ field }] })
  })

  it.each([
    ['redirect_uri', { redirect_uri: 'http://localhost:9999/login' }],
    ['redirect_uri', { redirect_uri: 'http://localhost:10011/login' }],
    ['redirect_uri', { redirect_uri: 'http://evil.example:10000/login' }],
    ['redirect_uri', { redirect_uri: 'https://localhost:10000/login' }],
    ['redirect_uri', { redirect_uri: 'http://localhost:10000/other' }],
    ['redirect_uri', { redirect_uri: 'http://user@localhost:10000/login' }],
    ['client_id', { client_id: 'another-client' }],
    ['response_type', { response_type: 'token' }],
    ['code_challenge_method', { code_challenge_method: 'plain' }],
    ['code_challenge', { code_challenge: undefined }],
    ['state', { state: undefined }],
  ])('an authorization request with a bad %s is refused: %o', (field, overrides) => {
    expect(() => cases.cliLogin.check(request(overrides))).toThrow(
      expect.objectContaining({ code: 'bad_request', fields: [expect.objectContaining({ field })] }),
    )
  })

  it('127.0.0.1 is the CLI listener as well as localhost', () => {
    expect(cases.cliLogin.check(request({ redirect_uri: 'http://127.0.0.1:10010/login' })).redirectUri).toBe('http://127.0.0.1:10010/login')
  })

  it('a refusal sends the browser to the CLI listener with access_denied', () => {
    const redirect = cases.cliLogin.deny(request())
    expect(redirect.searchParams.get('error')).toBe('access_denied')
    expect(redirect.searchParams.get('state')).toBe('state-1')
  })

  it('only a user signed in with a session approves, never during an impersonation', async () => {
    const signedUp = await signUpUser(cases, 'carol')
    await expect(cases.cliLogin.approve(request(), signedUp)).rejects.toMatchObject({ code: 'unauthenticated' })
    const impersonated: UserPrincipal = { ...bob, credential: { kind: 'session', sessionId: 'sess-x', impersonator: signedUp.user } }
    await expect(cases.cliLogin.approve(request(), impersonated)).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('a code whose user was suspended since is refused', async () => {
    const code = await approvedCode()
    await deps.unitOfWork.run(async ({ users }) => {
      const user = await users.findById(bob.user.id)
      if (user !== undefined) await users.update(user.suspend())
    })
    await expect(exchange(code)).rejects.toMatchObject({ code: 'precondition' })
  })
})

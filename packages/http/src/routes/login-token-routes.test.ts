import { describe, expect, it } from 'vitest'
import { testApp } from '../test-support/test-app.ts'

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

// The whole flow, with the approval page, is in packages/web's login-routes.test.ts.
describe('POST /oauth/token (login.v1)', () => {
  it('needs no credential and answers an OAuth JSON error, never stored, for an unknown code', async () => {
    const { app } = await testApp()
    const answer = await app.request(
      '/oauth/token',
      form({
        grant_type: 'authorization_code',
        code: 'nope',
        redirect_uri: 'http://localhost:10000/login',
        client_id: 'terraform-cli',
        code_verifier: 'v'.repeat(43),
      }),
    )
    expect(answer.status).toBe(400)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) })
  })

  it.each([
    ['unsupported_grant_type', { grant_type: 'client_credentials' }],
    ['invalid_client', { grant_type: 'authorization_code', client_id: 'other' }],
    ['invalid_request', { grant_type: 'authorization_code', client_id: 'terraform-cli' }],
  ])('answers %s', async (error, fields) => {
    const { app } = await testApp()
    const answer = await app.request('/oauth/token', form(fields))
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error })
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { JSON_API } from '../jsonapi/media-type.ts'
import { json, type ErrorDoc, type ListDoc } from '../test-support/documents.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const BASE = new URL('https://registry.example.com')
const ORGANIZATION = JSON.stringify({ data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })

describe('cookie-authenticated requests: CSRF defence and sign-out', () => {
  let t: TestApp
  let cookie: string

  beforeEach(async () => {
    t = await testApp({ baseUrl: BASE })
    const started = await t.call('POST', `/api/v2/admin/users/${t.member.user.id}/actions/impersonate`, t.adminToken, {
      reason: 'ticket 5',
    })
    cookie = (started.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  })

  async function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Response> {
    return t.app.request(`${BASE.origin}${path}`, {
      method,
      headers: { Accept: JSON_API, ...headers },
      ...(body !== undefined && { body }),
    })
  }

  const createOrganization = (headers: Record<string, string>) =>
    send('POST', '/api/v2/organizations', { Cookie: cookie, ...headers }, ORGANIZATION)

  async function organizationNames(): Promise<unknown[]> {
    const { data } = await json<ListDoc>(await t.call('GET', '/api/v2/organizations', t.memberToken))
    return data.map((organization) => organization.id)
  }

  async function expectRefused(response: Response): Promise<void> {
    expect(response.status).toBe(403)
    expect(response.headers.get('Content-Type')).toBe(JSON_API)
    const { errors } = await json<ErrorDoc>(response)
    expect(errors[0]).toMatchObject({ status: '403' })
    expect(await organizationNames()).toEqual([])
  }

  it.each([
    ['no Origin and no Sec-Fetch-Site', {}],
    ['another Origin', { Origin: 'https://evil.example' }],
    ['the right host over another scheme', { Origin: 'http://registry.example.com' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://other.example.com' }],
  ])('403 for an unsafe request with the cookie and %s; nothing changes', async (_, headers) => {
    await expectRefused(await createOrganization({ 'Content-Type': JSON_API, ...headers }))
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    '403 for a cookie request whose body is %s, even from the right origin',
    async (contentType) => {
      await expectRefused(await createOrganization({ 'Content-Type': contentType, Origin: BASE.origin }))
    },
  )

  it('403 for a cookie request with a body and no Content-Type', async () => {
    await expectRefused(await createOrganization({ Origin: BASE.origin }))
  })

  it.each([
    ['Origin of the base URL and the JSON:API media type', { Origin: BASE.origin, 'Content-Type': JSON_API }],
    [
      'Sec-Fetch-Site: same-origin and application/json',
      { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json; charset=utf-8' },
    ],
  ])('201 with %s', async (_, headers) => {
    expect((await createOrganization(headers)).status).toBe(201)
    expect(await organizationNames()).toEqual(['acme'])
  })

  it('safe methods with the cookie need no Origin', async () => {
    expect((await send('GET', '/api/v2/account/details', { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(200)
  })

  it('bearer tokens are not held to it: no Origin, any media type', async () => {
    const response = await send(
      'POST',
      '/api/v2/organizations',
      { Authorization: `Bearer ${t.memberToken}`, 'Content-Type': 'text/plain' },
      ORGANIZATION,
    )
    expect(response.status).toBe(201)
  })

  it('unimpersonate with the cookie from another site is refused, and the impersonation goes on', async () => {
    await expectRefused(await send('POST', '/api/v2/admin/users/actions/unimpersonate', { Cookie: cookie, Origin: 'https://evil.example' }))
    expect((await t.call('GET', '/api/v2/account/details', { cookie })).status).toBe(200)
  })

  describe('POST /api/v2/session/sign-out', () => {
    it('204: ends the session server-side, clears the cookie, and audits the end of the impersonation', async () => {
      const response = await t.call('POST', '/api/v2/session/sign-out', { cookie })
      expect(response.status).toBe(204)
      expect(response.headers.get('Set-Cookie')).toMatch(/^cairn_session=;.*Max-Age=0/)
      expect((await t.call('GET', '/api/v2/account/details', { cookie })).status).toBe(401)
      const events = await json<ListDoc>(await t.call('GET', '/api/v2/admin/audit-events', t.adminToken))
      expect(events.data[0]?.attributes).toMatchObject({ action: 'user.impersonation_ended', 'actor-id': t.admin.user.id })
    })

    it('403 from another site: the session goes on', async () => {
      await expectRefused(await send('POST', '/api/v2/session/sign-out', { Cookie: cookie, Origin: 'https://evil.example' }))
      expect((await t.call('GET', '/api/v2/account/details', { cookie })).status).toBe(200)
    })

    it('400 with a bearer token, which is no session', async () => {
      expect((await t.call('POST', '/api/v2/session/sign-out', t.memberToken)).status).toBe(400)
    })
  })
})

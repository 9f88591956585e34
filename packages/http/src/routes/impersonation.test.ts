import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

/** The cookie a response sets, as a browser would send it back. */
function sessionCookie(response: Response): { cookie: string } {
  const header = response.headers.get('Set-Cookie') ?? ''
  return { cookie: header.split(';')[0] ?? '' }
}

async function whoAmI(t: TestApp, credential: string | { cookie: string }): Promise<string | number> {
  const response = await t.call('GET', '/api/v2/account/details', credential)
  return response.status === 200 ? String((await json<SingleDoc>(response)).data.attributes['username']) : response.status
}

describe.each(['/api/v2/admin', '/admin'])('impersonation under %s (spec §3, §4.3)', (prefix) => {
  let t: TestApp
  const impersonate = (id: string) => `${prefix}/users/${id}/actions/impersonate`
  const unimpersonate = `${prefix}/users/actions/unimpersonate`

  beforeEach(async () => {
    t = await testApp({ baseUrl: new URL('https://registry.example.com') })
  })

  async function start(): Promise<{ cookie: string }> {
    const response = await t.call('POST', impersonate(t.member.user.id), t.adminToken, { reason: 'support ticket 42' })
    expect(response.status).toBe(204)
    return sessionCookie(response)
  }

  it('204: starts a cookie session (HttpOnly, SameSite, Secure over https) that acts as the user', async () => {
    const response = await t.call('POST', impersonate(t.member.user.id), t.adminToken, { reason: 'support ticket 42' })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    const setCookie = response.headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(/^cairn_session=/)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    expect(setCookie).toMatch(/Secure/)
    expect(await whoAmI(t, sessionCookie(response))).toBe('member')
  })

  it('records the reason and both users in the audit log', async () => {
    await start()
    const events = await json<ListDoc>(await t.call('GET', '/api/v2/admin/audit-events', t.adminToken))
    expect(events.data[0]?.attributes).toMatchObject({
      action: 'user.impersonation_started',
      'actor-id': t.admin.user.id,
      'target-id': t.member.user.id,
      reason: 'support ticket 42',
    })
  })

  it.each([[{}], [{ reason: '' }], [{ reason: '   ' }], [{ reason: 42 }]])('400: reason required (%j)', async (body) => {
    const response = await t.call('POST', impersonate(t.member.user.id), t.adminToken, body)
    expect(response.status).toBe(400)
    expect((await json<ErrorDoc>(response)).errors[0]).toMatchObject({ status: '400', source: { pointer: '/reason' } })
  })

  it('403: the client is already impersonating', async () => {
    const cookie = await start()
    const { user } = await t.signUp('third')
    const response = await t.call('POST', impersonate(user.id), cookie, { reason: 'again' })
    expect(response.status).toBe(403)
    expect((await json<ErrorDoc>(response)).errors[0]?.status).toBe('403')
  })

  it('403: a service account cannot be impersonated', async () => {
    const { user } = await t.signUp('robot', { isServiceAccount: true })
    expect((await t.call('POST', impersonate(user.id), t.adminToken, { reason: 'x' })).status).toBe(403)
  })

  it('403: administrators cannot impersonate themselves', async () => {
    expect((await t.call('POST', impersonate(t.admin.user.id), t.adminToken, { reason: 'x' })).status).toBe(403)
  })

  it('404: no such user, or not an administrator', async () => {
    expect((await t.call('POST', impersonate('user-nope'), t.adminToken, { reason: 'x' })).status).toBe(404)
    expect((await t.call('POST', impersonate(t.admin.user.id), t.memberToken, { reason: 'x' })).status).toBe(404)
  })

  it('a suspended user cannot be acted as, even in an impersonation session; the admin can still leave it', async () => {
    const cookie = await start()
    await t.call('POST', `${prefix}/users/${t.member.user.id}/actions/suspend`, t.adminToken)
    expect(await whoAmI(t, cookie)).toBe(401)
    const ended = await t.call('POST', unimpersonate, cookie)
    expect(ended.status).toBe(204)
    expect(await whoAmI(t, sessionCookie(ended))).toBe('admin')
  })

  it('403: a suspended user cannot be impersonated', async () => {
    await t.call('POST', `${prefix}/users/${t.member.user.id}/actions/suspend`, t.adminToken)
    expect((await t.call('POST', impersonate(t.member.user.id), t.adminToken, { reason: 'x' })).status).toBe(403)
  })

  it('400: a body that is not JSON carries no reason', async () => {
    expect((await t.call('POST', impersonate(t.member.user.id), t.adminToken, '{not json')).status).toBe(400)
  })

  it('403: no tokens can be minted while impersonating; the audit log names the administrator', async () => {
    const cookie = await start()
    const minted = await t.call('POST', `/api/v2/users/${t.member.user.id}/authentication-tokens`, cookie, {})
    expect(minted.status).toBe(403)
    const ended = await t.call('POST', unimpersonate, cookie)
    const events = await json<ListDoc>(await t.call('GET', '/api/v2/admin/audit-events', sessionCookie(ended)))
    const userEvents = events.data.filter((e) => String(e.attributes['action']).startsWith('user.'))
    expect(userEvents.map((e) => e.attributes['actor-id'])).toEqual([t.admin.user.id, t.admin.user.id, null, null])
    // Only the operator's tokens for the two sign-ups: nothing was minted in the impersonation.
    const tokenEvents = events.data.filter((e) => e.attributes['action'] === 'token.created')
    expect(tokenEvents.map((e) => e.attributes['actor-id'])).toEqual([null, null])
  })

  it('403: neither a team token nor an organization token can be minted while impersonating an owner', async () => {
    await t.call('POST', '/api/v2/organizations', t.memberToken, {
      data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } },
    })
    const team = await json<SingleDoc>(
      await t.call('POST', '/api/v2/organizations/acme/teams', t.memberToken, { data: { type: 'teams', attributes: { name: 'ci' } } }),
    )
    const cookie = await start()
    expect((await t.call('POST', `/api/v2/teams/${team.data.id}/authentication-token`, cookie)).status).toBe(403)
    expect((await t.call('POST', '/api/v2/organizations/acme/authentication-token', cookie)).status).toBe(403)
    const owners = await t.call('GET', '/api/v2/organizations/acme/teams', cookie)
    expect(owners.status).toBe(200)
  })

  it('while impersonating, other admin routes act as the (non-admin) user', async () => {
    const cookie = await start()
    expect((await t.call('GET', `${prefix}/users`, cookie)).status).toBe(404)
  })

  it('unimpersonate, 204: Set-Cookie restores the administrator, and the impersonation ends', async () => {
    const impersonating = await start()
    const response = await t.call('POST', unimpersonate, impersonating)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    const restored = sessionCookie(response)
    expect(restored.cookie).toMatch(/^cairn_session=/)
    expect(restored.cookie).not.toBe(impersonating.cookie)
    expect(await whoAmI(t, restored)).toBe('admin')
    expect(await whoAmI(t, impersonating)).toBe(401)
    const events = await json<ListDoc>(await t.call('GET', '/api/v2/admin/audit-events', t.adminToken))
    expect(events.data[0]?.attributes).toMatchObject({ action: 'user.impersonation_ended', 'actor-id': t.admin.user.id })
  })

  it('unimpersonate, 400: the client is not in an impersonation session', async () => {
    expect((await t.call('POST', unimpersonate, t.adminToken)).status).toBe(400)
    const restored = sessionCookie(await t.call('POST', unimpersonate, await start()))
    expect((await t.call('POST', unimpersonate, restored)).status).toBe(400)
  })

  it('unimpersonate, 404: not an administrator', async () => {
    expect((await t.call('POST', unimpersonate, t.memberToken)).status).toBe(404)
  })

  it('the session stops working once the administrator behind it loses admin rights', async () => {
    const cookie = await start()
    await t.deps.unitOfWork.run(async ({ users }) => users.update(t.admin.user.revokeAdmin()))
    expect(await whoAmI(t, cookie)).toBe(401)
  })

  it('the session expires', async () => {
    const cookie = await start()
    t.deps.clock.advance(8 * 60 * 60 * 1000 + 1)
    expect(await whoAmI(t, cookie)).toBe(401)
  })
})

describe('session cookies without a configured base URL', () => {
  it('are not marked Secure over http', async () => {
    const t = await testApp()
    const response = await t.call('POST', `/admin/users/${t.member.user.id}/actions/impersonate`, t.adminToken, { reason: 'x' })
    expect(response.headers.get('Set-Cookie')).not.toMatch(/Secure/)
  })

  it('are marked Secure behind a proxy that says the request came over https', async () => {
    const t = await testApp()
    const response = await t.app.request(`/admin/users/${t.member.user.id}/actions/impersonate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.adminToken}`, 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify({ reason: 'x' }),
    })
    expect(response.headers.get('Set-Cookie')).toMatch(/Secure/)
  })
})

import { addMember } from '@cairn/testing'
import { User } from '@cairn/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { anOrganizationWith } from '../test-support/seed.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

describe.each(['/api/v2/admin', '/admin'])('admin users under %s (spec §4.3)', (prefix) => {
  let t: TestApp
  const users = `${prefix}/users`

  beforeEach(async () => {
    t = await testApp()
  })

  async function userWith(username: string, change: (u: User) => User) {
    const { user, token } = await t.signUp(username)
    await t.deps.unitOfWork.run(({ users }) => users.update(change(user)))
    return { user: change(user), token }
  }

  async function expectError(response: Response, status: number) {
    expect(response.status).toBe(status)
    expect(response.headers.get('Content-Type')).toBe('application/vnd.api+json')
    const { errors } = await json<ErrorDoc>(response)
    expect(errors[0]?.status).toBe(String(status))
    return errors
  }

  describe('list', () => {
    it('200: a users document with status counts and pagination', async () => {
      await userWith('suzy', (u) => u.suspend())
      const response = await t.call('GET', `${users}?page[size]=2`, t.adminToken)
      expect(response.status).toBe(200)
      const doc = await json<ListDoc>(response)
      expect(doc.data.map((u) => u.attributes['username'])).toEqual(['admin', 'member'])
      expect(doc.data[0]).toMatchObject({
        type: 'users',
        attributes: { email: 'admin@example.com', 'is-admin': true, 'is-suspended': false, 'is-service-account': false },
      })
      expect(doc.data[0]?.attributes['two-factor']).toEqual({ enabled: false, verified: false })
      expect(doc.meta['status-counts']).toEqual({ total: 3, suspended: 1, admin: 1 })
      expect(doc.meta.pagination).toMatchObject({ 'total-count': 3, 'total-pages': 2, 'next-page': 2 })
    })

    it('200: q searches username and e-mail address', async () => {
      await t.signUp('zed')
      const byName = await json<ListDoc>(await t.call('GET', `${users}?q=ZE`, t.adminToken))
      expect(byName.data.map((u) => u.attributes['username'])).toEqual(['zed'])
      const byEmail = await json<ListDoc>(await t.call('GET', `${users}?q=member%40example`, t.adminToken))
      expect(byEmail.data.map((u) => u.attributes['username'])).toEqual(['member'])
    })

    it('200: filter[admin] and filter[suspended]', async () => {
      await userWith('suzy', (u) => u.suspend())
      const admins = await json<ListDoc>(await t.call('GET', `${users}?filter[admin]=true`, t.adminToken))
      expect(admins.data.map((u) => u.attributes['username'])).toEqual(['admin'])
      const notAdmins = await json<ListDoc>(await t.call('GET', `${users}?filter%5Badmin%5D=false`, t.adminToken))
      expect(notAdmins.data.map((u) => u.attributes['username'])).toEqual(['member', 'suzy'])
      const suspended = await json<ListDoc>(await t.call('GET', `${users}?filter[suspended]=true`, t.adminToken))
      expect(suspended.data.map((u) => u.attributes['username'])).toEqual(['suzy'])
    })

    it("200: include=organizations relates and includes each user's organizations", async () => {
      await anOrganizationWith(t.useCases, t.member.user, 'acme')
      await anOrganizationWith(t.useCases, t.member.user, 'beta')
      const doc = await json<ListDoc>(await t.call('GET', `${users}?include=organizations`, t.adminToken))
      const member = doc.data.find((u) => u.attributes['username'] === 'member')
      expect(member?.relationships?.['organizations']?.data).toEqual([
        { id: 'acme', type: 'organizations' },
        { id: 'beta', type: 'organizations' },
      ])
      expect(doc.included?.map((r) => `${r.type}/${r.id}`)).toEqual(['organizations/acme', 'organizations/beta'])
    })

    it('400: an unknown include names the include parameter', async () => {
      const errors = await expectError(await t.call('GET', `${users}?include=teams`, t.adminToken), 400)
      expect(errors[0]?.detail).toContain('include parameter')
    })

    it('400: a filter that is not true or false', async () => {
      const errors = await expectError(await t.call('GET', `${users}?filter[admin]=yes`, t.adminToken), 400)
      expect(errors[0]?.source).toEqual({ parameter: 'filter[admin]' })
    })

    it('404: not an administrator', async () => {
      await expectError(await t.call('GET', users, t.memberToken), 404)
    })
  })

  describe('create (a Cairn extension)', () => {
    const body = (attributes: Record<string, unknown>) => ({ data: { type: 'users', attributes } })

    it('201: creates a user', async () => {
      const response = await t.call('POST', users, t.adminToken, body({ username: 'newbie', email: 'New@Example.com' }))
      expect(response.status).toBe(201)
      expect((await json<SingleDoc>(response)).data.attributes).toMatchObject({ username: 'newbie', email: 'new@example.com' })
    })

    it('422: a taken username, a bad e-mail address, an admin service account', async () => {
      const taken = await expectError(await t.call('POST', users, t.adminToken, body({ username: 'member', email: 'x@y.z' })), 422)
      expect(taken[0]).toMatchObject({ detail: 'username has already been taken', source: { pointer: '/data/attributes/username' } })
      await expectError(await t.call('POST', users, t.adminToken, body({ username: 'ok', email: 'nope' })), 422)
      const both = body({ username: 'svc', email: 's@x.test', 'is-admin': true, 'is-service-account': true })
      const errors = await expectError(await t.call('POST', users, t.adminToken, both), 422)
      expect(errors[0]?.source).toEqual({ pointer: '/data/attributes/is-admin' })
    })

    it('404: not an administrator', async () => {
      await expectError(await t.call('POST', users, t.memberToken, body({ username: 'x', email: 'x@y.z' })), 404)
    })
  })

  describe('delete', () => {
    it('204: deletes the user, whose tokens stop working', async () => {
      const response = await t.call('DELETE', `${users}/${t.member.user.id}`, t.adminToken)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      expect((await t.call('GET', '/api/v2/account/details', t.memberToken)).status).toBe(401)
    })

    it('404: not an administrator, or no such user', async () => {
      await expectError(await t.call('DELETE', `${users}/${t.admin.user.id}`, t.memberToken), 404)
      await expectError(await t.call('DELETE', `${users}/user-doesnotexist0000`, t.adminToken), 404)
    })

    it('422: the user is the sole owner of an organization; deletable once another owner joins', async () => {
      const { principal } = await anOrganizationWith(t.useCases, t.member.user, 'acme')
      const errors = await expectError(await t.call('DELETE', `${users}/${t.member.user.id}`, t.adminToken), 422)
      expect(errors[0]?.detail).toContain('acme')
      await t.signUp('other')
      await addMember(t.useCases, { organizationName: 'acme', email: 'other@example.com' }, principal)
      const owners = (await t.useCases.teams.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, principal)).items[0]
      await t.useCases.teams.addMembers({ id: owners?.id ?? '', usernames: ['other'] }, principal)
      expect((await t.call('DELETE', `${users}/${t.member.user.id}`, t.adminToken)).status).toBe(204)
    })
  })

  describe.each([
    ['suspend', { is: 'is-suspended', before: false, after: true }],
    ['unsuspend', { is: 'is-suspended', before: true, after: false }],
    ['grant_admin', { is: 'is-admin', before: false, after: true }],
    ['revoke_admin', { is: 'is-admin', before: true, after: false }],
  ] as const)('%s', (action, { is, before, after }) => {
    /** The user in the state the action starts from. */
    const change = (u: User) => (!before ? u : is === 'is-suspended' ? u.suspend() : u.grantAdmin())

    it('200: a users document in the new state', async () => {
      const { user } = await userWith('target', change)
      const response = await t.call('POST', `${users}/${user.id}/actions/${action}`, t.adminToken)
      expect(response.status).toBe(200)
      expect((await json<SingleDoc>(response)).data).toMatchObject({ id: user.id, type: 'users', attributes: { [is]: after } })
    })

    it('400: the user is already in the state the action leads to', async () => {
      const { user } = await userWith('target', change)
      expect((await t.call('POST', `${users}/${user.id}/actions/${action}`, t.adminToken)).status).toBe(200)
      await expectError(await t.call('POST', `${users}/${user.id}/actions/${action}`, t.adminToken), 400)
    })

    it('404: no such user, or not an administrator', async () => {
      const { user } = await userWith('target', change)
      await expectError(await t.call('POST', `${users}/user-nope/actions/${action}`, t.adminToken), 404)
      await expectError(await t.call('POST', `${users}/${user.id}/actions/${action}`, t.memberToken), 404)
    })
  })

  it('suspend: the suspended user can no longer authenticate; unsuspend lets them back', async () => {
    expect((await t.call('POST', `${users}/${t.member.user.id}/actions/suspend`, t.adminToken)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/account/details', t.memberToken)).status).toBe(401)
    expect((await t.call('POST', `${users}/${t.member.user.id}/actions/unsuspend`, t.adminToken)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/account/details', t.memberToken)).status).toBe(200)
  })

  it('grant_admin: 422 for a service account', async () => {
    const { user } = await t.signUp('robot', { isServiceAccount: true })
    const errors = await expectError(await t.call('POST', `${users}/${user.id}/actions/grant_admin`, t.adminToken), 422)
    expect(errors[0]?.source).toEqual({ pointer: '/data/attributes/is-admin' })
  })

  describe('disable_two_factor', () => {
    it('200: two-factor is disabled', async () => {
      const { user } = await userWith('target', (u) => new User({ ...u, twoFactorEnabled: true }))
      const response = await t.call('POST', `${users}/${user.id}/actions/disable_two_factor`, t.adminToken)
      expect(response.status).toBe(200)
      expect((await json<SingleDoc>(response)).data.attributes['two-factor']).toEqual({ enabled: false, verified: false })
    })

    it('400: two-factor is not enabled', async () => {
      await expectError(await t.call('POST', `${users}/${t.member.user.id}/actions/disable_two_factor`, t.adminToken), 400)
    })

    it('404: no such user, or not an administrator', async () => {
      await expectError(await t.call('POST', `${users}/user-nope/actions/disable_two_factor`, t.adminToken), 404)
      await expectError(await t.call('POST', `${users}/${t.admin.user.id}/actions/disable_two_factor`, t.memberToken), 404)
    })
  })
})

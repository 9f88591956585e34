import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const organization = (attributes: Record<string, unknown>) => ({ data: { type: 'organizations', attributes } })

describe('organizations, memberships and teams', () => {
  let t: TestApp

  beforeEach(async () => {
    t = await testApp()
    const created = await t.call('POST', '/api/v2/organizations', t.memberToken, organization({ name: 'acme', email: 'ops@acme.test' }))
    expect(created.status).toBe(201)
  })

  it('the creator becomes the only member of the owners team', async () => {
    const doc = await json<SingleDoc>(await t.call('GET', '/api/v2/organizations/acme', t.memberToken))
    expect(doc.data).toMatchObject({ id: 'acme', type: 'organizations', attributes: { name: 'acme', email: 'ops@acme.test' } })
    const teams = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/teams', t.memberToken))
    expect(teams.data.map((team) => team.attributes['name'])).toEqual(['owners'])
    const owners = await json<SingleDoc>(await t.call('GET', `/api/v2/teams/${teams.data[0]?.id}`, t.memberToken))
    expect(owners.data.relationships?.['users']?.data).toEqual([{ id: t.member.user.id, type: 'users' }])
    expect(owners.data.attributes['organization-access']).toEqual({ 'manage-modules': true, 'manage-workspaces': true })
  })

  it('422: a taken or malformed name, a bad e-mail, a wrong type', async () => {
    const taken = await t.call('POST', '/api/v2/organizations', t.adminToken, organization({ name: 'acme', email: 'a@b.c' }))
    expect(taken.status).toBe(422)
    expect((await json<ErrorDoc>(taken)).errors[0]?.source).toEqual({ pointer: '/data/attributes/name' })
    const bad = await t.call('POST', '/api/v2/organizations', t.adminToken, organization({ name: '-bad-', email: 'nope' }))
    expect((await json<ErrorDoc>(bad)).errors.map((e) => e.source?.pointer)).toEqual(['/data/attributes/name', '/data/attributes/email'])
    expect((await t.call('POST', '/api/v2/organizations', t.adminToken, { data: { type: 'teams', attributes: {} } })).status).toBe(422)
  })

  it('404 to anyone outside the organization, even a site admin', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/organizations/acme'],
      ['PATCH', '/api/v2/organizations/acme'],
      ['DELETE', '/api/v2/organizations/acme'],
      ['GET', '/api/v2/organizations/acme/teams'],
      ['GET', '/api/v2/organizations/acme/workspaces'],
    ] as const) {
      const body = method === 'PATCH' ? organization({ email: 'x@y.z' }) : undefined
      expect((await t.call(method, path, t.adminToken, body)).status).toBe(404)
    }
  })

  it('lists only the organizations one belongs to', async () => {
    await t.call('POST', '/api/v2/organizations', t.adminToken, organization({ name: 'other', email: 'o@o.test' }))
    const mine = await json<ListDoc>(await t.call('GET', '/api/v2/organizations', t.memberToken))
    expect(mine.data.map((o) => o.id)).toEqual(['acme'])
  })

  it('an organization carries an external id and returns the settings the tfe provider sends, with the real API defaults', async () => {
    const { data } = await json<SingleDoc>(await t.call('GET', '/api/v2/organizations/acme', t.memberToken))
    expect(data.attributes).toMatchObject({
      'external-id': expect.stringMatching(/^org-[A-Za-z0-9]{16}$/),
      'collaborator-auth-policy': 'password',
      'speculative-plan-management-enabled': true,
    })
    const change = organization({ 'collaborator-auth-policy': 'password', 'speculative-plan-management-enabled': false })
    const updated = await json<SingleDoc>(await t.call('PATCH', '/api/v2/organizations/acme', t.memberToken, change))
    expect(updated.data.attributes).toMatchObject({
      'speculative-plan-management-enabled': false,
      'external-id': data.attributes['external-id'],
    })
    const created = await t.call(
      'POST',
      '/api/v2/organizations',
      t.memberToken,
      organization({ name: 'globex', email: 'ops@globex.test', 'speculative-plan-management-enabled': false }),
    )
    expect((await json<SingleDoc>(created)).data.attributes['speculative-plan-management-enabled']).toBe(false)
  })

  it('422 on collaborator-auth-policy two_factor_mandatory (Cairn has no two-factor sign-in) and on an unknown policy', async () => {
    for (const policy of ['two_factor_mandatory', 'none']) {
      const refused = await t.call(
        'PATCH',
        '/api/v2/organizations/acme',
        t.memberToken,
        organization({ 'collaborator-auth-policy': policy }),
      )
      expect(refused.status).toBe(422)
      expect((await json<ErrorDoc>(refused)).errors[0]?.source).toEqual({ pointer: '/data/attributes/collaborator-auth-policy' })
    }
  })

  it('owners update and delete the organization', async () => {
    const updated = await t.call('PATCH', '/api/v2/organizations/acme', t.memberToken, organization({ email: 'new@acme.test' }))
    expect((await json<SingleDoc>(updated)).data.attributes['email']).toBe('new@acme.test')
    expect((await t.call('DELETE', '/api/v2/organizations/acme', t.memberToken)).status).toBe(204)
    expect((await t.call('GET', '/api/v2/organizations/acme', t.memberToken)).status).toBe(404)
  })

  describe('memberships and teams', () => {
    let other: Awaited<ReturnType<TestApp['signUp']>>

    beforeEach(async () => {
      other = await t.signUp('other')
    })

    /** Invites other, who accepts. */
    async function join(): Promise<string> {
      const body = { data: { type: 'organization-memberships', attributes: { email: 'OTHER@example.com' } } }
      const response = await t.call('POST', '/api/v2/organizations/acme/organization-memberships', t.memberToken, body)
      expect(response.status).toBe(201)
      const { id } = (await json<SingleDoc>(response)).data
      expect((await t.call('POST', `/api/v2/organization-memberships/${id}/actions/accept`, other.token)).status).toBe(200)
      return id
    }

    it('owners invite members by e-mail address, who accept; members read but do not own', async () => {
      const id = await join()
      const list = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/organization-memberships', other.token))
      expect(list.data.map((m) => m.relationships?.['user']?.data)).toEqual([
        { id: t.member.user.id, type: 'users' },
        { id: other.user.id, type: 'users' },
      ])
      expect((await t.call('GET', `/api/v2/organization-memberships/${id}`, other.token)).status).toBe(200)
      expect((await t.call('DELETE', '/api/v2/organizations/acme', other.token)).status).toBe(404)
      expect((await t.call('DELETE', `/api/v2/organization-memberships/${id}`, t.memberToken)).status).toBe(204)
      expect((await t.call('GET', '/api/v2/organizations/acme', other.token)).status).toBe(404)
    })

    it('422: something that is not an e-mail address, or someone who is a member already', async () => {
      const body = (email: string) => ({ data: { type: 'organization-memberships', attributes: { email } } })
      const bad = await t.call('POST', '/api/v2/organizations/acme/organization-memberships', t.memberToken, body('no-address'))
      expect((await json<ErrorDoc>(bad)).errors[0]?.source).toEqual({ pointer: '/data/attributes/email' })
      await join()
      const again = await t.call('POST', '/api/v2/organizations/acme/organization-memberships', t.memberToken, body('other@example.com'))
      expect(again.status).toBe(422)
    })

    it('422: the only owner cannot leave', async () => {
      const list = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/organization-memberships', t.memberToken))
      expect((await t.call('DELETE', `/api/v2/organization-memberships/${list.data[0]?.id}`, t.memberToken)).status).toBe(422)
    })

    it('teams with organization access, members by username', async () => {
      await join()
      const body = { data: { type: 'teams', attributes: { name: 'platform', 'organization-access': { 'manage-modules': true } } } }
      const created = await t.call('POST', '/api/v2/organizations/acme/teams', t.memberToken, body)
      expect(created.status).toBe(201)
      const team = (await json<SingleDoc>(created)).data
      expect(team.attributes['organization-access']).toEqual({ 'manage-modules': true, 'manage-workspaces': false })
      const members = { data: [{ type: 'users', id: 'other' }] }
      expect((await t.call('POST', `/api/v2/teams/${team.id}/relationships/users`, t.memberToken, members)).status).toBe(204)
      const shown = await json<SingleDoc>(await t.call('GET', `/api/v2/teams/${team.id}`, other.token))
      expect(shown.data.relationships?.['users']?.data).toEqual([{ id: other.user.id, type: 'users' }])
      expect((await t.call('DELETE', `/api/v2/teams/${team.id}/relationships/users`, t.memberToken, members)).status).toBe(204)
      expect((await t.call('DELETE', `/api/v2/teams/${team.id}`, t.memberToken)).status).toBe(204)
    })

    it("allow-member-token-management is returned as stored (default true) and lets the team's members manage its token", async () => {
      await join()
      const body = (attributes: Record<string, unknown>) => ({ data: { type: 'teams', attributes } })
      const created = await json<SingleDoc>(
        await t.call('POST', '/api/v2/organizations/acme/teams', t.memberToken, body({ name: 'platform' })),
      )
      expect(created.data.attributes['allow-member-token-management']).toBe(true)
      const tokenPath = `/api/v2/teams/${created.data.id}/authentication-token`
      expect((await t.call('POST', tokenPath, other.token)).status).toBe(404)
      await t.call('POST', `/api/v2/teams/${created.data.id}/relationships/users`, t.memberToken, {
        data: [{ type: 'users', id: 'other' }],
      })
      expect((await t.call('POST', tokenPath, other.token)).status).toBe(201)
      expect((await t.call('GET', tokenPath, other.token)).status).toBe(200)
      const change = body({ 'allow-member-token-management': false })
      const updated = await json<SingleDoc>(await t.call('PATCH', `/api/v2/teams/${created.data.id}`, t.memberToken, change))
      expect(updated.data.attributes['allow-member-token-management']).toBe(false)
      expect((await t.call('GET', tokenPath, other.token)).status).toBe(404)
      expect((await t.call('DELETE', tokenPath, other.token)).status).toBe(404)
      expect((await t.call('GET', tokenPath, t.memberToken)).status).toBe(200)
    })

    it('422: a non-member on a team, a duplicate team, a bad access value', async () => {
      const body = (attributes: Record<string, unknown>) => ({ data: { type: 'teams', attributes } })
      const created = await json<SingleDoc>(await t.call('POST', '/api/v2/organizations/acme/teams', t.memberToken, body({ name: 'a' })))
      const outsider = { data: [{ type: 'users', id: 'other' }] }
      expect((await t.call('POST', `/api/v2/teams/${created.data.id}/relationships/users`, t.memberToken, outsider)).status).toBe(422)
      expect((await t.call('POST', '/api/v2/organizations/acme/teams', t.memberToken, body({ name: 'a' }))).status).toBe(422)
      const badAccess = await t.call(
        'POST',
        '/api/v2/organizations/acme/teams',
        t.memberToken,
        body({ name: 'b', 'organization-access': { 'manage-modules': 'yes' } }),
      )
      expect((await json<ErrorDoc>(badAccess)).errors[0]?.source).toEqual({
        pointer: '/data/attributes/organization-access/manage-modules',
      })
    })

    it('422: the owners team cannot be deleted, renamed, restricted or emptied', async () => {
      const teams = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/teams', t.memberToken))
      const owners = teams.data[0]?.id ?? ''
      expect((await t.call('DELETE', `/api/v2/teams/${owners}`, t.memberToken)).status).toBe(422)
      const rename = { data: { type: 'teams', attributes: { name: 'bosses' } } }
      expect((await t.call('PATCH', `/api/v2/teams/${owners}`, t.memberToken, rename)).status).toBe(422)
      const members = { data: [{ type: 'users', id: 'member' }] }
      expect((await t.call('DELETE', `/api/v2/teams/${owners}/relationships/users`, t.memberToken, members)).status).toBe(422)
    })
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type Resource, type SingleDoc } from '../test-support/documents.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const ORG = '/api/v2/organizations/acme/organization-memberships'
const invitation = (email: string, teamIds: string[] = []) => ({
  data: {
    type: 'organization-memberships',
    attributes: { email },
    ...(teamIds.length > 0 && { relationships: { teams: { data: teamIds.map((id) => ({ type: 'teams', id })) } } }),
  },
})

// Issue 14.4: membership by e-mail leaked accounts and joined people without their consent.
describe('organization memberships: invitations, consent and privacy', () => {
  let t: TestApp
  let bob: Awaited<ReturnType<TestApp['signUp']>>
  let ownersTeam: string

  async function invite(email: string, teamIds: string[] = []): Promise<SingleDoc> {
    const response = await t.call('POST', ORG, t.memberToken, invitation(email, teamIds))
    expect(response.status).toBe(201)
    return json<SingleDoc>(response)
  }

  const accept = (id: string, token: string) => t.call('POST', `/api/v2/organization-memberships/${id}/actions/accept`, token)

  beforeEach(async () => {
    t = await testApp()
    const body = { data: { type: 'organizations', attributes: { name: 'acme', email: 'ops@acme.test' } } }
    expect((await t.call('POST', '/api/v2/organizations', t.memberToken, body)).status).toBe(201)
    // bob is a site administrator, the kind of account whose flags the inviter must not learn.
    bob = await t.signUp('bob', { isSiteAdmin: true })
    const teams = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/teams', t.memberToken))
    ownersTeam = teams.data[0]?.id ?? ''
  })

  it('201 invited, for a known and an unknown address alike: nothing of the person but the address', async () => {
    const hit = await invite('BOB@example.com')
    const miss = await invite('nobody@example.com')
    for (const [doc, email] of [
      [hit, 'bob@example.com'],
      [miss, 'nobody@example.com'],
    ] as const) {
      expect(doc.data.attributes).toMatchObject({ status: 'invited', email })
      const [user] = doc.included ?? []
      expect(user?.attributes).toEqual({
        username: null,
        email,
        'avatar-url': null,
        'is-service-account': false,
        'two-factor': { enabled: false, verified: false },
      })
      expect(user?.id).toMatch(/^user-/)
      expect(user?.id).not.toBe(bob.user.id)
    }
    const shape = (doc: SingleDoc) =>
      JSON.stringify(doc)
        .replace(/\b(ou|user)-[0-9A-Za-z]+/g, 'ID')
        .replace(/[a-z]+@example\.com/g, 'EMAIL')
    expect(shape(hit)).toBe(shape(miss))
  })

  it('an invitee is not a member: no access, not on the teams they were invited to, not even owners', async () => {
    const { data } = await invite('bob@example.com', [ownersTeam])
    expect(data.relationships?.['teams']?.data).toEqual([{ id: ownersTeam, type: 'teams' }])
    const withTeams = await json<SingleDoc>(await t.call('GET', `/api/v2/organization-memberships/${data.id}?include=teams`, t.memberToken))
    expect(withTeams.included?.map((team) => [team.type, team.attributes['name']])).toEqual([['teams', 'owners']])
    expect((await t.call('GET', '/api/v2/organizations/acme', bob.token)).status).toBe(404)
    expect((await t.call('DELETE', '/api/v2/organizations/acme', bob.token)).status).toBe(404)
    const owners = await json<SingleDoc>(await t.call('GET', `/api/v2/teams/${ownersTeam}`, t.memberToken))
    expect(owners.data.relationships?.['users']?.data).toEqual([{ id: t.member.user.id, type: 'users' }])
    const onTeam = { data: [{ type: 'users', id: 'bob' }] }
    expect((await t.call('POST', `/api/v2/teams/${ownersTeam}/relationships/users`, t.memberToken, onTeam)).status).toBe(422)
  })

  it('the invitee finds the invitation among their own and accepts: member, on the invited teams, shown as themselves', async () => {
    const { data } = await invite('bob@example.com', [ownersTeam])
    const own = await json<SingleDoc & { data: Resource[] }>(await t.call('GET', '/api/v2/organization-memberships', bob.token))
    expect(own.data.map((membership) => [membership.id, membership.attributes['status']])).toEqual([[data.id, 'invited']])
    expect((await accept(data.id, t.memberToken)).status).toBe(404)

    const accepted = await accept(data.id, bob.token)
    expect(accepted.status).toBe(200)
    const doc = await json<SingleDoc>(accepted)
    expect(doc.data.attributes['status']).toBe('active')
    expect(doc.data.relationships?.['user']?.data).toEqual({ id: bob.user.id, type: 'users' })
    expect(doc.included?.[0]?.attributes['username']).toBe('bob')
    expect((await t.call('DELETE', '/api/v2/organizations/acme', bob.token)).status).toBe(204)
    expect((await accept(data.id, bob.token)).status).toBe(404)
  })

  it('the invitee declines: 204, and the invitation is gone; answering twice is a 400', async () => {
    const { data } = await invite('bob@example.com')
    expect((await t.call('POST', `/api/v2/organization-memberships/${data.id}/actions/decline`, t.memberToken)).status).toBe(404)
    expect((await t.call('POST', `/api/v2/organization-memberships/${data.id}/actions/decline`, bob.token)).status).toBe(204)
    expect((await t.call('GET', `/api/v2/organization-memberships/${data.id}`, t.memberToken)).status).toBe(404)
    const again = await invite('bob@example.com')
    expect((await accept(again.data.id, bob.token)).status).toBe(200)
    expect((await t.call('POST', `/api/v2/organization-memberships/${again.data.id}/actions/decline`, bob.token)).status).toBe(400)
  })

  it('a member leaves with DELETE on their own membership; the only owner gets 422', async () => {
    const { data } = await invite('bob@example.com')
    await accept(data.id, bob.token)
    expect((await t.call('DELETE', `/api/v2/organization-memberships/${data.id}`, bob.token)).status).toBe(204)
    expect((await t.call('GET', '/api/v2/organizations/acme', bob.token)).status).toBe(404)
    const list = await json<ListDoc>(await t.call('GET', ORG, t.memberToken))
    const errors = await json<ErrorDoc>(await t.call('DELETE', `/api/v2/organization-memberships/${list.data[0]?.id}`, t.memberToken))
    expect(errors.errors[0]).toMatchObject({ status: '422', source: { pointer: '/data/attributes/user' } })
  })

  it('lists with filter[status], filter[email] (repeated or comma-separated), q and include=user', async () => {
    await invite('bob@example.com')
    await invite('carol@example.com')
    const emails = async (query: string) =>
      (await json<ListDoc>(await t.call('GET', `${ORG}?${query}`, t.memberToken))).data.map((m) => m.attributes['email'])
    expect(await emails('filter[status]=invited')).toEqual(['bob@example.com', 'carol@example.com'])
    expect(await emails('filter[status]=active')).toEqual(['member@example.com'])
    expect(await emails('filter[email]=bob@example.com&filter[email]=member@example.com')).toEqual([
      'member@example.com',
      'bob@example.com',
    ])
    expect(await emails('filter[email]=carol@example.com,bob@example.com')).toEqual(['bob@example.com', 'carol@example.com'])
    expect(await emails('q=CAROL')).toEqual(['carol@example.com'])
    const included = await json<ListDoc>(await t.call('GET', `${ORG}?include=user&filter[status]=invited`, t.memberToken))
    expect(included.included?.map((user) => user.attributes['username'])).toEqual([null, null])
    const bad = await json<ErrorDoc>(await t.call('GET', `${ORG}?filter[status]=pending`, t.memberToken))
    expect(bad.errors[0]).toMatchObject({ status: '400', source: { parameter: 'filter[status]' } })
    const badEmail = await json<ErrorDoc>(await t.call('GET', `${ORG}?filter[email]=nope`, t.memberToken))
    expect(badEmail.errors[0]).toMatchObject({ status: '400', source: { parameter: 'filter[email]' } })
  })

  it('422 for a team that is not the organization’s, or a malformed teams relationship', async () => {
    const response = await t.call('POST', ORG, t.memberToken, invitation('bob@example.com', ['team-elsewhere']))
    expect((await json<ErrorDoc>(response)).errors[0]).toMatchObject({ status: '422', source: { pointer: '/data/attributes/teams' } })
    const malformed = {
      data: { type: 'organization-memberships', attributes: { email: 'bob@example.com' }, relationships: { teams: { data: 'x' } } },
    }
    const refused = await json<ErrorDoc>(await t.call('POST', ORG, t.memberToken, malformed))
    expect(refused.errors[0]).toMatchObject({ status: '422', source: { pointer: '/data/relationships/teams/data' } })
    expect((await json<ListDoc>(await t.call('GET', ORG, t.memberToken))).data).toHaveLength(1)
  })

  it('an unknown address: a placeholder in the admin users list that becomes the user created with it', async () => {
    const { data } = await invite('dave@example.com')
    const userId = (data.relationships?.['user']?.data as { id: string }).id
    const listed = await json<ListDoc>(await t.call('GET', '/api/v2/admin/users?q=dave', t.adminToken))
    expect(listed.data.map((user) => [user.id, user.attributes['username'], user.attributes['email']])).toEqual([
      [userId, null, 'dave@example.com'],
    ])
    const dave = await t.signUp('dave')
    expect(dave.user.id).toBe(userId)
    expect((await json<ListDoc>(await t.call('GET', '/api/v2/admin/users?q=dave', t.adminToken))).meta.pagination['total-count']).toBe(1)
    expect((await accept(data.id, dave.token)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/organizations/acme', dave.token)).status).toBe(200)
  })
})

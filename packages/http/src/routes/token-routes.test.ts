import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { anOrganizationWith } from '../test-support/seed.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

describe('user, team and organization tokens', () => {
  let t: TestApp
  let ownersId: string

  beforeEach(async () => {
    t = await testApp()
    const { principal } = await anOrganizationWith(t.useCases, t.member.user, 'acme', ['web'])
    ownersId = (await t.useCases.teams.list({ organizationName: 'acme', page: { number: 1, size: 1 } }, principal)).items[0]?.id ?? ''
  })

  it('a user creates a token for themselves, shown once, listed without its secret, revocable', async () => {
    const body = { data: { type: 'authentication-tokens', attributes: { description: 'laptop' } } }
    const created = await t.call('POST', `/api/v2/users/${t.member.user.id}/authentication-tokens`, t.memberToken, body)
    expect(created.status).toBe(201)
    const { data } = await json<SingleDoc>(created)
    const bearer = String(data.attributes['token'])
    expect(data.attributes['description']).toBe('laptop')
    expect((await t.call('GET', '/api/v2/account/details', bearer)).status).toBe(200)

    const listed = await json<ListDoc>(await t.call('GET', `/api/v2/users/${t.member.user.id}/authentication-tokens`, t.memberToken))
    expect(listed.data.map((token) => token.id)).toContain(data.id)
    expect(listed.data.every((token) => token.attributes['token'] === undefined)).toBe(true)

    expect((await t.call('DELETE', `/api/v2/authentication-tokens/${data.id}`, t.memberToken)).status).toBe(204)
    expect((await t.call('GET', '/api/v2/account/details', bearer)).status).toBe(401)
  })

  it("404: another user's tokens, even for a site administrator", async () => {
    expect((await t.call('POST', `/api/v2/users/${t.admin.user.id}/authentication-tokens`, t.memberToken, {})).status).toBe(404)
    expect((await t.call('GET', `/api/v2/users/${t.admin.user.id}/authentication-tokens`, t.memberToken)).status).toBe(404)
    expect((await t.call('POST', `/api/v2/users/${t.member.user.id}/authentication-tokens`, t.adminToken, {})).status).toBe(404)
    expect((await t.call('GET', `/api/v2/users/${t.member.user.id}/authentication-tokens`, t.adminToken)).status).toBe(404)
  })

  it('a user reads themselves at their links.self; others are not found, site admins see anyone', async () => {
    const self = await json<SingleDoc>(await t.call('GET', '/api/v2/account/details', t.memberToken))
    const shown = await t.call('GET', self.data.links?.['self'] ?? '', t.memberToken)
    expect(shown.status).toBe(200)
    expect((await json<SingleDoc>(shown)).data.id).toBe(t.member.user.id)
    expect((await t.call('GET', `/api/v2/users/${t.admin.user.id}`, t.memberToken)).status).toBe(404)
    expect((await t.call('GET', `/api/v2/users/${t.member.user.id}`, t.adminToken)).status).toBe(200)
  })

  it('422: a description over 255 characters', async () => {
    const body = { data: { type: 'authentication-tokens', attributes: { description: 'd'.repeat(256) } } }
    expect((await t.call('POST', `/api/v2/users/${t.member.user.id}/authentication-tokens`, t.memberToken, body)).status).toBe(422)
  })

  it("a team token acts with the team's access, and a new one replaces the old", async () => {
    const first = await json<SingleDoc>(await t.call('POST', `/api/v2/teams/${ownersId}/authentication-token`, t.memberToken))
    const teamToken = String(first.data.attributes['token'])
    expect((await t.call('GET', '/api/v2/organizations/acme/workspaces', teamToken)).status).toBe(200)
    expect((await t.call('GET', '/api/v2/admin/users', teamToken)).status).toBe(404)
    await t.call('POST', `/api/v2/teams/${ownersId}/authentication-token`, t.memberToken)
    expect((await t.call('GET', '/api/v2/organizations/acme/workspaces', teamToken)).status).toBe(401)
  })

  it("a team token's metadata is read back without its secret, as the tfe provider refreshes it; 404 once revoked", async () => {
    const path = `/api/v2/teams/${ownersId}/authentication-token`
    expect((await t.call('GET', path, t.memberToken)).status).toBe(404)
    const created = await json<SingleDoc>(await t.call('POST', path, t.memberToken))
    const read = await t.call('GET', path, t.memberToken)
    expect(read.status).toBe(200)
    const { data } = await json<SingleDoc>(read)
    expect(data).toMatchObject({ id: created.data.id, type: 'authentication-tokens', attributes: { 'created-at': expect.any(String) } })
    expect(data.attributes).not.toHaveProperty('token')
    expect((await t.call('GET', path, t.adminToken)).status).toBe(404)
    await t.call('DELETE', path, t.memberToken)
    expect((await t.call('GET', path, t.memberToken)).status).toBe(404)
  })

  it('an organization token reads its organization only, and is revocable', async () => {
    const created = await t.call('POST', '/api/v2/organizations/acme/authentication-token', t.memberToken)
    expect(created.status).toBe(201)
    const orgToken = String((await json<SingleDoc>(created)).data.attributes['token'])
    expect((await t.call('GET', '/api/v2/organizations/acme', orgToken)).status).toBe(200)
    await anOrganizationWith(t.useCases, t.admin.user, 'other')
    expect((await t.call('GET', '/api/v2/organizations/other', orgToken)).status).toBe(404)
    expect((await t.call('DELETE', '/api/v2/organizations/acme/authentication-token', t.memberToken)).status).toBe(204)
    expect((await t.call('GET', '/api/v2/organizations/acme', orgToken)).status).toBe(401)
    expect((await t.call('DELETE', '/api/v2/organizations/acme/authentication-token', t.memberToken)).status).toBe(404)
  })

  it('404: only owners issue team and organization tokens', async () => {
    expect((await t.call('POST', `/api/v2/teams/${ownersId}/authentication-token`, t.adminToken)).status).toBe(404)
    expect((await t.call('POST', '/api/v2/organizations/acme/authentication-token', t.adminToken)).status).toBe(404)
  })

  it('tokens die with their team or organization', async () => {
    const orgToken = String(
      (await json<SingleDoc>(await t.call('POST', '/api/v2/organizations/acme/authentication-token', t.memberToken))).data.attributes[
        'token'
      ],
    )
    await t.call('DELETE', '/api/v2/organizations/acme', t.memberToken)
    expect((await t.call('GET', '/api/v2/organizations/acme', orgToken)).status).toBe(401)
  })
})

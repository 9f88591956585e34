import { settledVersion } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ListDoc, type Resource, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization, publish, versionBody } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import { connectGitHost, GIT_HOST, vcsBody } from '../test-support/vcs-fixtures.ts'

const MODULES = '/api/v2/organizations/acme/registry-modules'

/**
 * The audit log (a Cairn extension): who acted, by the kind of principal and the token used, and
 * the organization, module, team, publishing and token actions.
 */
describe('GET /api/v2/admin/audit-events', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>
  let teams: { owners: string; publishers: string }

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
    const list = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/teams', tokens.owner))
    const idOf = (name: string) => list.data.find((team) => team.attributes['name'] === name)?.id ?? ''
    teams = { owners: idOf('owners'), publishers: idOf('publishers') }
  })

  async function events(): Promise<Resource[]> {
    const response = await t.call('GET', '/api/v2/admin/audit-events?page[size]=100', t.adminToken)
    expect(response.status).toBe(200)
    return (await json<ListDoc>(response)).data
  }

  /** The attributes of the newest event of `action`. */
  async function newest(action: string): Promise<Record<string, unknown>> {
    const found = (await events()).find((event) => event.attributes['action'] === action)
    expect(found, action).toBeDefined()
    return found?.attributes ?? {}
  }

  async function teamToken(teamId: string): Promise<{ id: string; bearer: string }> {
    const response = await t.call('POST', `/api/v2/teams/${teamId}/authentication-token`, tokens.owner)
    expect(response.status).toBe(201)
    const { data } = await json<SingleDoc>(response)
    return { id: data.id, bearer: String(data.attributes['token']) }
  }

  async function organizationToken(): Promise<{ id: string; bearer: string }> {
    const response = await t.call('POST', '/api/v2/organizations/acme/authentication-token', tokens.owner)
    expect(response.status).toBe(201)
    const { data } = await json<SingleDoc>(response)
    return { id: data.id, bearer: String(data.attributes['token']) }
  }

  it("names a team token's team and token, an organization token's organization and token", async () => {
    const team = await teamToken(teams.publishers)
    expect((await t.call('POST', MODULES, team.bearer, moduleBody({ name: 'vpc', provider: 'aws' }))).status).toBe(201)
    expect(await newest('registry_module.created')).toMatchObject({
      'actor-kind': 'team',
      'actor-id': teams.publishers,
      'actor-token-id': team.id,
      'target-name': 'private/acme/vpc/aws',
      'organization-name': 'acme',
    })

    const organization = await organizationToken()
    expect((await t.call('POST', `${MODULES}/private/acme/vpc/aws/versions`, organization.bearer, versionBody('1.0.0'))).status).toBe(201)
    expect(await newest('module_version.created')).toMatchObject({
      'actor-kind': 'organization',
      'actor-id': 'acme',
      'actor-token-id': organization.id,
      'target-name': 'private/acme/vpc/aws 1.0.0',
      'organization-name': 'acme',
    })

    // An owners-team token deletes a team.
    const owners = await teamToken(teams.owners)
    expect((await t.call('DELETE', `/api/v2/teams/${teams.publishers}`, owners.bearer)).status).toBe(204)
    expect(await newest('team.deleted')).toMatchObject({
      'actor-kind': 'team',
      'actor-id': teams.owners,
      'actor-token-id': owners.id,
      'target-id': teams.publishers,
      'target-name': 'publishers',
      'organization-name': 'acme',
    })
  })

  it("names a user's token, none for a session or the operator", async () => {
    const memberTokenId = t.memberToken.split('.cairn.')[0]
    expect((await t.call('POST', MODULES, tokens.owner, moduleBody({ name: 'vpc', provider: 'aws' }))).status).toBe(201)
    expect(await newest('registry_module.created')).toMatchObject({
      'actor-kind': 'user',
      'actor-id': t.member.user.id,
      'actor-token-id': memberTokenId,
    })
    const created = (await events()).filter((event) => event.attributes['action'] === 'user.created')
    expect(created.map((event) => event.attributes)).toContainEqual(
      expect.objectContaining({ 'actor-kind': 'operator', 'actor-id': null, 'actor-token-id': null }),
    )
  })

  it('records publishing: a version created by a request, with its actor; a re-upload through the link, with none', async () => {
    await t.call('POST', MODULES, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws' }))
    const created = await t.call('POST', `${MODULES}/private/acme/vpc/aws/versions`, tokens.publisher, versionBody('1.0.0'))
    expect(created.status).toBe(201)
    const { data } = await json<SingleDoc>(created)
    expect(await newest('module_version.created')).toMatchObject({
      'actor-kind': 'user',
      'actor-token-id': tokens.publisher.split('.cairn.')[0],
      'target-id': data.id,
      'target-name': 'private/acme/vpc/aws 1.0.0',
      'organization-name': 'acme',
      changes: [],
    })
    const upload = new URL(data.links?.['upload'] ?? '').pathname
    expect((await t.app.request(upload, { method: 'PUT', body: 'good archive' })).status).toBe(200)
    await settledVersion(t.deps.unitOfWork, data.id)
    expect((await t.app.request(upload, { method: 'PUT', body: 'good archive again' })).status).toBe(200)
    expect(await newest('module_version.reuploaded')).toMatchObject({
      'actor-kind': 'upload-link',
      'actor-id': null,
      'actor-token-id': null,
      'target-id': data.id,
      'target-name': 'private/acme/vpc/aws 1.0.0',
    })
  })

  it('records publishing from VCS: the module with where it comes from, and a branch-based initial version', async () => {
    const tokenId = await connectGitHost(t, tokens.owner)
    t.deps.vcs.serve(`${GIT_HOST}/acme/terraform-aws-vpc.git`, {
      branches: [{ name: 'main', commitSha: 'd4d4d4d' }],
      trees: { d4d4d4d: 'tree d' },
    })
    const response = await t.call(
      'POST',
      `${MODULES}/vcs`,
      tokens.publisher,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId, branch: 'main' }),
    )
    expect(response.status).toBe(201)
    expect(await newest('registry_module.created')).toMatchObject({
      'actor-kind': 'user',
      'target-name': 'private/acme/vpc/aws',
      changes: [
        { attribute: 'vcs-repo.identifier', from: null, to: 'acme/terraform-aws-vpc' },
        { attribute: 'vcs-repo.oauth-token-id', from: null, to: tokenId },
        { attribute: 'vcs-repo.branch', from: null, to: 'main' },
      ],
    })
    expect(await newest('module_version.created')).toMatchObject({
      'target-name': 'private/acme/vpc/aws 0.0.0',
      changes: [{ attribute: 'commit-sha', from: null, to: 'd4d4d4d' }],
    })
  })

  it('records deletions of versions, providers and modules, each by what it was', async () => {
    for (const [provider, version] of [
      ['aws', '1.0.0'],
      ['aws', '1.1.0'],
      ['gcp', '1.0.0'],
      ['azure', '2.0.0'],
    ] as const) {
      await publish(t, tokens.publisher, { name: 'vpc', provider, version })
    }
    await publish(t, tokens.publisher, { name: 'dns', provider: 'aws', version: '1.0.0' })
    const deleted = async (action: string) =>
      (await events()).filter((event) => event.attributes['action'] === action).map((event) => event.attributes['target-name'])

    expect((await t.call('DELETE', `${MODULES}/private/acme/vpc/aws/1.0.0`, tokens.owner)).status).toBe(204)
    expect(await deleted('module_version.deleted')).toEqual(['private/acme/vpc/aws 1.0.0'])
    expect(await deleted('registry_module.deleted')).toEqual([])
    // The last version takes its provider with it.
    expect((await t.call('DELETE', `${MODULES}/private/acme/vpc/aws/1.1.0`, tokens.owner)).status).toBe(204)
    expect(await deleted('registry_module.deleted')).toEqual(['private/acme/vpc/aws'])
    expect((await t.call('DELETE', `${MODULES}/private/acme/vpc/gcp`, tokens.owner)).status).toBe(204)
    expect((await t.call('DELETE', `${MODULES}/private/acme/vpc`, tokens.owner)).status).toBe(204)
    expect((await t.call('POST', '/api/v2/registry-modules/actions/delete/acme/dns', tokens.owner)).status).toBe(204)
    expect(await deleted('registry_module.deleted')).toEqual([
      'private/acme/dns/aws',
      'private/acme/vpc/azure',
      'private/acme/vpc/gcp',
      'private/acme/vpc/aws',
    ])
    expect(await newest('registry_module.deleted')).toMatchObject({
      'actor-kind': 'user',
      'actor-id': t.member.user.id,
      'organization-name': 'acme',
    })
  })

  it('records the deletion of an organization and of a team', async () => {
    const created = await json<SingleDoc>(
      await t.call('POST', '/api/v2/organizations/acme/teams', tokens.owner, { data: { type: 'teams', attributes: { name: 'ci' } } }),
    )
    expect((await t.call('DELETE', `/api/v2/teams/${created.data.id}`, tokens.owner)).status).toBe(204)
    expect(await newest('team.deleted')).toMatchObject({
      'target-id': created.data.id,
      'target-name': 'ci',
      'organization-name': 'acme',
      'actor-id': t.member.user.id,
    })
    expect((await t.call('DELETE', '/api/v2/organizations/acme', tokens.owner)).status).toBe(204)
    expect(await newest('organization.deleted')).toMatchObject({
      'target-id': 'acme',
      'target-name': 'acme',
      'organization-name': 'acme',
      'actor-kind': 'user',
      'actor-id': t.member.user.id,
    })
  })

  it('records every token revoked: a user token, team and organization tokens, and those a new token replaces', async () => {
    const body = { data: { type: 'authentication-tokens', attributes: { description: 'laptop' } } }
    const mine = await json<SingleDoc>(await t.call('POST', `/api/v2/users/${t.member.user.id}/authentication-tokens`, t.memberToken, body))
    expect((await t.call('DELETE', `/api/v2/authentication-tokens/${mine.data.id}`, t.memberToken)).status).toBe(204)
    expect(await newest('token.revoked')).toMatchObject({
      'target-id': mine.data.id,
      'target-name': 'laptop',
      'actor-kind': 'user',
      'actor-id': t.member.user.id,
    })

    const first = await teamToken(teams.owners)
    const second = await teamToken(teams.owners)
    expect(await newest('token.revoked')).toMatchObject({ 'target-id': first.id, 'organization-name': 'acme' })
    // An owners-team token revokes itself: the team acted, with that token.
    expect((await t.call('DELETE', `/api/v2/teams/${teams.owners}/authentication-token`, second.bearer)).status).toBe(204)
    expect(await newest('token.revoked')).toMatchObject({
      'target-id': second.id,
      'actor-kind': 'team',
      'actor-id': teams.owners,
      'actor-token-id': second.id,
      'organization-name': 'acme',
    })

    const organization = await organizationToken()
    expect(await newest('token.created')).toMatchObject({ 'target-id': organization.id, 'organization-name': 'acme' })
    expect((await t.call('DELETE', '/api/v2/organizations/acme/authentication-token', tokens.owner)).status).toBe(204)
    expect(await newest('token.revoked')).toMatchObject({ 'target-id': organization.id, 'organization-name': 'acme', 'actor-kind': 'user' })

    const revoked = (await events())
      .filter((event) => event.attributes['action'] === 'token.revoked')
      .map((event) => event.attributes['target-id'])
    expect(revoked).toEqual([organization.id, second.id, first.id, mine.data.id])
  })

  it('keeps the attributes it had: action, actor-id, target-id, reason, occurred-at', async () => {
    await t.call('POST', MODULES, tokens.owner, moduleBody({ name: 'vpc', provider: 'aws' }))
    await t.call('POST', `${MODULES}/private/acme/vpc/aws/versions`, tokens.owner, versionBody('1.0.0'))
    const [event] = await events()
    expect(Object.keys(event?.attributes ?? {}).sort()).toEqual(
      [
        'action',
        'actor-id',
        'actor-kind',
        'actor-token-id',
        'changes',
        'occurred-at',
        'organization-name',
        'reason',
        'target-id',
        'target-name',
      ].sort(),
    )
    expect(event?.type).toBe('audit-events')
  })
})

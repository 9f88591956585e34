import { openCredential, type VcsConnection } from '@cairn/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleOrganization } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const CLIENTS = '/api/v2/organizations/acme/oauth-clients'
const CREDENTIAL = 'glpat-very-secret-token'
const clientBody = (attributes: Record<string, unknown>) => ({ data: { type: 'oauth-clients', attributes } })
const GITLAB = {
  'service-provider': 'gitlab_community_edition',
  'http-url': 'https://git.acme.test/',
  'oauth-token-string': CREDENTIAL,
  name: 'acme gitlab',
}

describe('VCS connections as OAuth clients and tokens', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
  })

  async function create(attributes: Record<string, unknown> = GITLAB) {
    const response = await t.call('POST', CLIENTS, tokens.owner, clientBody(attributes))
    expect(response.status).toBe(201)
    return (await json<SingleDoc>(response)).data
  }

  it('201: an owner connects a git host; the client names its ot- token and never shows the credential', async () => {
    const response = await t.call('POST', CLIENTS, tokens.owner, clientBody(GITLAB))
    const text = await response.text()
    expect(response.status).toBe(201)
    expect(text).not.toContain(CREDENTIAL)
    const { data } = JSON.parse(text) as SingleDoc
    expect(data.id).toMatch(/^oc-/)
    expect(data).toMatchObject({
      type: 'oauth-clients',
      attributes: {
        'service-provider': 'gitlab_community_edition',
        'http-url': 'https://git.acme.test',
        'api-url': 'https://git.acme.test',
        name: 'acme gitlab',
      },
      relationships: {
        organization: { data: { id: 'acme', type: 'organizations' } },
        'oauth-tokens': { data: [{ type: 'oauth-tokens' }] },
      },
    })
  })

  const stored = async (id: string): Promise<VcsConnection> => {
    const found = await t.deps.unitOfWork.read(({ vcsConnections }) => vcsConnections.findById(id))
    if (found === undefined) throw new Error(`no connection ${id}`)
    return found
  }

  it('stores the credential sealed, bound to its connection and the origin of its address', async () => {
    const client = await create()
    const connection = await stored(client.id)
    expect(connection.sealedCredential).not.toContain(CREDENTIAL)
    expect(openCredential(t.deps.cipher, connection)).toBe(CREDENTIAL)
    expect(() => t.deps.cipher.open(connection.sealedCredential, client.id)).toThrow()
    // Copied onto another connection, or left beside an address changed in the database, it does not open.
    expect(() => openCredential(t.deps.cipher, { ...connection, httpUrl: 'https://elsewhere.test' })).toThrow(
      expect.objectContaining({ code: 'unavailable' }),
    )
    expect(() => openCredential(t.deps.cipher, { ...connection, httpUrl: 'http://git.acme.test' })).toThrow(
      expect.objectContaining({ code: 'unavailable' }),
    )
    expect(() => openCredential(t.deps.cipher, { ...connection, id: 'oc-other' })).toThrow(expect.objectContaining({ code: 'unavailable' }))
    expect(openCredential(t.deps.cipher, { ...connection, httpUrl: 'https://git.acme.test/gitlab' })).toBe(CREDENTIAL)
  })

  it('200: the client, its token list, the token by ot- id, and the organization list; none show the credential', async () => {
    const client = await create()
    const [tokenRef] = client.relationships?.['oauth-tokens']?.data as { id: string }[]
    const tokenId = tokenRef?.id ?? ''
    expect(tokenId).toMatch(/^ot-/)
    for (const path of [
      `/api/v2/oauth-clients/${client.id}`,
      `/api/v2/oauth-clients/${client.id}/oauth-tokens`,
      `/api/v2/oauth-tokens/${tokenId}`,
      CLIENTS,
    ]) {
      const response = await t.call('GET', path, tokens.publisher)
      expect(response.status, path).toBe(200)
      expect(await response.text()).not.toContain(CREDENTIAL)
    }
    const token = await json<SingleDoc>(await t.call('GET', `/api/v2/oauth-tokens/${tokenId}`, tokens.publisher))
    expect(token.data).toMatchObject({ id: tokenId, type: 'oauth-tokens', relationships: { 'oauth-client': { data: { id: client.id } } } })
    const list = await json<ListDoc>(await t.call('GET', CLIENTS, tokens.owner))
    expect(list.data.map((item) => item.id)).toEqual([client.id])
  })

  it.each([
    ['service-provider', { ...GITLAB, 'service-provider': 'svn' }],
    ['http-url', { ...GITLAB, 'http-url': 'ftp://git.acme.test' }],
    ['http-url', { ...GITLAB, 'http-url': 'https://user:pw@git.acme.test' }],
    ['oauth-token-string', { ...GITLAB, 'oauth-token-string': undefined }],
    ['oauth-token-string', { ...GITLAB, 'oauth-token-string': 42 }],
  ])('422 naming %s', async (field, attributes) => {
    const response = await t.call('POST', CLIENTS, tokens.owner, clientBody(attributes))
    expect(response.status).toBe(422)
    const { errors } = await json<ErrorDoc>(response)
    expect(errors.map((error) => error.source?.pointer)).toContain(`/data/attributes/${field}`)
    expect(await t.deps.unitOfWork.read(({ vcsConnections }) => vcsConnections.list('acme', { number: 1, size: 10 }))).toMatchObject({
      total: 0,
    })
  })

  it('404: only owners create, change and delete; readers on no team see nothing', async () => {
    const client = await create()
    expect((await t.call('POST', CLIENTS, tokens.publisher, clientBody(GITLAB))).status).toBe(404)
    expect((await t.call('PATCH', `/api/v2/oauth-clients/${client.id}`, tokens.publisher, clientBody({ name: 'x' }))).status).toBe(404)
    expect((await t.call('DELETE', `/api/v2/oauth-clients/${client.id}`, tokens.publisher)).status).toBe(404)
    expect((await t.call('GET', `/api/v2/oauth-clients/${client.id}`, tokens.reader)).status).toBe(404)
    expect((await t.call('GET', CLIENTS, tokens.reader)).status).toBe(404)
  })

  it('200 PATCH replaces the credential and address; 204 DELETE removes the client and its token', async () => {
    const client = await create()
    const patched = await t.call(
      'PATCH',
      `/api/v2/oauth-clients/${client.id}`,
      tokens.owner,
      clientBody({ 'http-url': 'https://git2.acme.test', 'oauth-token-string': 'new-secret' }),
    )
    expect(patched.status).toBe(200)
    expect((await json<SingleDoc>(patched)).data.attributes).toMatchObject({ 'http-url': 'https://git2.acme.test', name: 'acme gitlab' })
    const connection = await stored(client.id)
    expect(openCredential(t.deps.cipher, connection)).toBe('new-secret')
    expect((await t.call('DELETE', `/api/v2/oauth-clients/${client.id}`, tokens.owner)).status).toBe(204)
    expect((await t.call('GET', `/api/v2/oauth-tokens/${connection.tokenId}`, tokens.owner)).status).toBe(404)
    const audit = await t.call('GET', '/api/v2/admin/audit-events', t.adminToken)
    const text = await audit.text()
    const actions = (JSON.parse(text) as ListDoc).data
      .filter((event) => event.attributes['target-id'] === client.id)
      .map((event) => event.attributes['action'])
    expect(actions.sort()).toEqual(['vcs_connection.created', 'vcs_connection.deleted', 'vcs_connection.updated'])
    expect(text).not.toContain('new-secret')
  })
})

describe('a connection moved to another host needs its credential again', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>
  let ownersToken: { id: string; bearer: string }

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
    // Who could move it to a host of their own: an owners-team token, not a person.
    const teams = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/teams', tokens.owner))
    const owners = teams.data.find((team) => team.attributes['name'] === 'owners')
    const { data } = await json<SingleDoc>(await t.call('POST', `/api/v2/teams/${owners?.id ?? ''}/authentication-token`, tokens.owner))
    ownersToken = { id: data.id, bearer: String(data.attributes['token']) }
  })

  async function create() {
    const response = await t.call('POST', CLIENTS, tokens.owner, clientBody(GITLAB))
    expect(response.status).toBe(201)
    return (await json<SingleDoc>(response)).data
  }

  const patch = (id: string, attributes: Record<string, unknown>) =>
    t.call('PATCH', `/api/v2/oauth-clients/${id}`, ownersToken.bearer, clientBody(attributes))
  const connection = (id: string) => t.deps.unitOfWork.read(({ vcsConnections }) => vcsConnections.findById(id))
  const auditEvents = async (targetId: string) =>
    (await json<ListDoc>(await t.call('GET', '/api/v2/admin/audit-events', t.adminToken))).data.filter(
      (event) => event.attributes['target-id'] === targetId,
    )

  it.each([
    ['another host', 'https://attacker.test'],
    ['another port', 'https://git.acme.test:8443'],
    ['another scheme', 'http://git.acme.test'],
  ])('422 naming oauth-token-string: http-url changed to %s without the credential; nothing changes', async (_, httpUrl) => {
    const client = await create()
    const before = await connection(client.id)
    const response = await patch(client.id, { 'http-url': httpUrl })
    expect(response.status).toBe(422)
    const { errors } = await json<ErrorDoc>(response)
    expect(errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/data/attributes/oauth-token-string' },
        detail: expect.stringContaining('is required when http-url changes to another host'),
      }),
    ])
    expect(await connection(client.id)).toEqual(before)
    expect((await auditEvents(client.id)).map((event) => event.attributes['action'])).toEqual(['vcs_connection.created'])
  })

  it('200: another path on the same host, or another name, keeps the credential', async () => {
    const client = await create()
    expect((await patch(client.id, { 'http-url': 'https://GIT.acme.test:443/gitlab/', name: 'renamed' })).status).toBe(200)
    const moved = await connection(client.id)
    expect(moved?.httpUrl).toBe('https://git.acme.test/gitlab')
    expect(openCredential(t.deps.cipher, moved as VcsConnection)).toBe(CREDENTIAL)
  })

  it('200 with a new credential for the new host; audited with both addresses, the team token as actor, never a credential', async () => {
    const client = await create()
    const response = await patch(client.id, { 'http-url': 'https://attacker.test:8443', 'oauth-token-string': 'attacker-chosen' })
    expect(response.status).toBe(200)
    expect(openCredential(t.deps.cipher, (await connection(client.id)) as VcsConnection)).toBe('attacker-chosen')
    const audit = await t.call('GET', '/api/v2/admin/audit-events', t.adminToken)
    const text = await audit.text()
    expect(text).not.toContain(CREDENTIAL)
    expect(text).not.toContain('attacker-chosen')
    const updated = (JSON.parse(text) as ListDoc).data.find((event) => event.attributes['action'] === 'vcs_connection.updated')
    expect(updated?.attributes).toMatchObject({
      'actor-kind': 'team',
      'actor-token-id': ownersToken.id,
      'target-id': client.id,
      'target-name': 'acme gitlab',
      'organization-name': 'acme',
      changes: [
        { attribute: 'http-url', from: 'https://git.acme.test', to: 'https://attacker.test:8443' },
        { attribute: 'oauth-token-string', from: null, to: null },
      ],
    })
    expect(updated?.attributes['actor-id']).toMatch(/^team-/)
  })

  it('a credential sealed before it was bound to its host still opens, and is bound to it at the next change', async () => {
    const client = await create()
    const current = (await connection(client.id)) as VcsConnection
    const legacy = { ...current, sealedCredential: t.deps.cipher.seal(CREDENTIAL, current.id) }
    await t.deps.unitOfWork.run(({ vcsConnections }) => vcsConnections.update(legacy))
    expect(openCredential(t.deps.cipher, legacy)).toBe(CREDENTIAL)
    expect((await patch(client.id, { name: 'renamed' })).status).toBe(200)
    const resealed = (await connection(client.id)) as VcsConnection
    expect(resealed.sealedCredential).not.toBe(legacy.sealedCredential)
    expect(openCredential(t.deps.cipher, resealed)).toBe(CREDENTIAL)
    expect(() => openCredential(t.deps.cipher, { ...resealed, httpUrl: 'https://attacker.test' })).toThrow(
      expect.objectContaining({ code: 'unavailable' }),
    )
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleOrganization } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const CLIENTS = '/api/v2/organizations/acme/oauth-clients'
const CREDENTIAL = 'glpat-very-secret-token'
const clientBody = (attributes: Record<string, unknown>) => ({ data: { type: 'oauth-clients', attributes } })
const GITLAB = { 'service-provider': 'gitlab_community_edition', 'http-url': 'https://git.acme.test/', 'oauth-token-string': CREDENTIAL, name: 'acme gitlab' }

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
      attributes: { 'service-provider': 'gitlab_community_edition', 'http-url': 'https://git.acme.test', 'api-url': 'https://git.acme.test', name: 'acme gitlab' },
      relationships: { organization: { data: { id: 'acme', type: 'organizations' } }, 'oauth-tokens': { data: [{ type: 'oauth-tokens' }] } },
    })
  })

  it('stores the credential sealed, bound to its connection', async () => {
    const client = await create()
    const stored = await t.deps.unitOfWork.read(({ vcsConnections }) => vcsConnections.findById(client.id))
    expect(stored?.sealedCredential).not.toContain(CREDENTIAL)
    expect(t.deps.cipher.open(stored?.sealedCredential ?? '', client.id)).toBe(CREDENTIAL)
  })

  it('200: the client, its token list, the token by ot- id, and the organization list; none show the credential', async () => {
    const client = await create()
    const [tokenRef] = client.relationships?.['oauth-tokens']?.data as { id: string }[]
    const tokenId = tokenRef?.id ?? ''
    expect(tokenId).toMatch(/^ot-/)
    for (const path of [`/api/v2/oauth-clients/${client.id}`, `/api/v2/oauth-clients/${client.id}/oauth-tokens`, `/api/v2/oauth-tokens/${tokenId}`, CLIENTS]) {
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
    expect(await t.deps.unitOfWork.read(({ vcsConnections }) => vcsConnections.list('acme', { number: 1, size: 10 }))).toMatchObject({ total: 0 })
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
    const patched = await t.call('PATCH', `/api/v2/oauth-clients/${client.id}`, tokens.owner, clientBody({ 'http-url': 'https://git2.acme.test', 'oauth-token-string': 'new-secret' }))
    expect(patched.status).toBe(200)
    expect((await json<SingleDoc>(patched)).data.attributes).toMatchObject({ 'http-url': 'https://git2.acme.test', name: 'acme gitlab' })
    const stored = await t.deps.unitOfWork.read(({ vcsConnections }) => vcsConnections.findById(client.id))
    expect(t.deps.cipher.open(stored?.sealedCredential ?? '', client.id)).toBe('new-secret')
    expect((await t.call('DELETE', `/api/v2/oauth-clients/${client.id}`, tokens.owner)).status).toBe(204)
    expect((await t.call('GET', `/api/v2/oauth-tokens/${stored?.tokenId ?? ''}`, tokens.owner)).status).toBe(404)
    const audit = await t.call('GET', '/api/v2/admin/audit-events', t.adminToken)
    const text = await audit.text()
    const actions = (JSON.parse(text) as ListDoc).data.filter((event) => event.attributes['target-id'] === client.id).map((event) => event.attributes['action'])
    expect(actions.sort()).toEqual(['vcs_connection.created', 'vcs_connection.deleted', 'vcs_connection.updated'])
    expect(text).not.toContain('new-secret')
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const BASE = '/api/v2/organizations/acme/registry-modules'
const VPC = `${BASE}/private/acme/vpc/aws`

describe('registry modules without VCS (spec §4.1)', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
  })

  async function create(attributes: Record<string, unknown>, token = tokens.publisher): Promise<Response> {
    return t.call('POST', BASE, token, moduleBody(attributes))
  }

  async function errorsOf(response: Response, status: number) {
    expect(response.status).toBe(status)
    return (await json<ErrorDoc>(response)).errors
  }

  describe('create a module', () => {
    it('201: a private module whose namespace is the organization', async () => {
      const response = await create({ name: 'vpc', provider: 'aws', 'registry-name': 'private', 'no-code': true })
      expect(response.status).toBe(201)
      expect(response.headers.get('Content-Type')).toBe('application/vnd.api+json')
      const { data } = await json<SingleDoc>(response)
      expect(data.id).toMatch(/^mod-/)
      expect(data).toMatchObject({
        type: 'registry-modules',
        attributes: {
          name: 'vpc',
          namespace: 'acme',
          provider: 'aws',
          'registry-name': 'private',
          status: 'pending',
          'publishing-mechanism': 'non_vcs',
          'no-code': true,
          'version-statuses': [],
        },
        relationships: { organization: { data: { id: 'acme', type: 'organizations' } } },
        links: { self: VPC },
      })
      expect(data.attributes['vcs-repo']).toBeUndefined()
    })

    it('201: registry-name defaults to private; null attributes count as absent', async () => {
      const { data } = await json<SingleDoc>(await create({ name: 'vpc', provider: 'aws', namespace: null, 'no-code': null }))
      expect(data.attributes).toMatchObject({ 'registry-name': 'private', namespace: 'acme', 'no-code': false })
    })

    it.each([
      ['name', { name: '-vpc', provider: 'aws' }],
      ['name', { name: 'vpc_', provider: 'aws' }],
      ['name', { name: 'v'.repeat(65), provider: 'aws' }],
      ['name', { name: 'my vpc', provider: 'aws' }],
      ['provider', { name: 'vpc', provider: 'AWS' }],
      ['provider', { name: 'vpc', provider: 'aws-2' }],
      ['provider', { name: 'vpc', provider: 'a'.repeat(65) }],
      ['namespace', { name: 'vpc', provider: 'aws', namespace: 'someone-else' }],
      ['registry-name', { name: 'vpc', provider: 'aws', 'registry-name': 'shared' }],
      ['no-code', { name: 'vpc', provider: 'aws', 'no-code': 'yes' }],
      ['provider', { name: 'vpc' }],
    ])('422: a bad %s, with a pointer', async (attribute, attributes) => {
      const errors = await errorsOf(await create(attributes), 422)
      expect(errors.map((e) => e.source?.pointer)).toEqual([`/data/attributes/${attribute}`])
    })

    it('200/201: names may be 64 characters and use - and _ inside', async () => {
      expect((await create({ name: `a-${'b'.repeat(60)}_c`, provider: 'a'.repeat(64) })).status).toBe(201)
    })

    it('422: a module provider that exists already, or a wrong data.type', async () => {
      await create({ name: 'vpc', provider: 'aws' })
      const errors = await errorsOf(await create({ name: 'vpc', provider: 'aws' }), 422)
      expect(errors[0]).toMatchObject({ detail: 'name has already been taken' })
      await errorsOf(await t.call('POST', BASE, tokens.publisher, { data: { type: 'modules', attributes: {} } }), 422)
    })

    it('403: a public module in the self-hosted edition', async () => {
      const errors = await errorsOf(await create({ name: 'vpc', provider: 'aws', namespace: 'hashicorp', 'registry-name': 'public' }), 403)
      expect(errors[0]?.status).toBe('403')
    })

    it('404: a member without the manage-modules permission, an outsider, or no such organization', async () => {
      await errorsOf(await create({ name: 'vpc', provider: 'aws' }, tokens.reader), 404)
      await errorsOf(await create({ name: 'vpc', provider: 'aws' }, t.adminToken), 404)
      await errorsOf(
        await t.call('POST', '/api/v2/organizations/nope/registry-modules', tokens.owner, moduleBody({ name: 'a', provider: 'b' })),
        404,
      )
    })
  })

  describe('list', () => {
    beforeEach(async () => {
      for (const [name, provider] of [
        ['vpc', 'aws'],
        ['vpc', 'google'],
        ['dns', 'aws'],
        ['network', 'azurerm'],
      ]) {
        expect((await create({ name, provider })).status).toBe(201)
      }
    })

    const list = async (query = '', token = tokens.reader) => {
      const response = await t.call('GET', `${BASE}${query}`, token)
      expect(response.status).toBe(200)
      return json<ListDoc>(response)
    }
    const ids = (doc: ListDoc) => doc.data.map((m) => `${String(m.attributes['name'])}/${String(m.attributes['provider'])}`)

    it('200: every module provider of the organization, paged, for any member', async () => {
      const doc = await list('?page[size]=3')
      expect(ids(doc)).toEqual(['dns/aws', 'network/azurerm', 'vpc/aws'])
      expect(doc.meta.pagination).toMatchObject({ 'total-count': 4, 'page-size': 3, 'next-page': 2 })
    })

    it('200: q matches name, namespace and provider', async () => {
      expect(ids(await list('?q=VP'))).toEqual(['vpc/aws', 'vpc/google'])
      expect(ids(await list('?q=azure'))).toEqual(['network/azurerm'])
      expect(ids(await list('?q=acm'))).toHaveLength(4)
    })

    it('200: filter[provider], filter[registry_name], filter[organization_name]', async () => {
      expect(ids(await list('?filter[provider]=aws'))).toEqual(['dns/aws', 'vpc/aws'])
      expect(ids(await list('?filter%5Bregistry_name%5D=public'))).toEqual([])
      expect(ids(await list('?filter[registry_name]=private'))).toHaveLength(4)
      expect(ids(await list('?filter[organization_name]=acme'))).toHaveLength(4)
      expect(ids(await list('?filter[organization_name]=other'))).toEqual([])
    })

    it('200: another organization name filters out everything, counts included (go-tfe reads the counts)', async () => {
      const doc = await list('?filter%5Borganization_name%5D=other&page%5Bsize%5D=2')
      expect(doc.data).toEqual([])
      expect(doc.meta.pagination).toMatchObject({ 'current-page': 1, 'total-count': 0, 'next-page': null })
      expect(doc.links).toMatchObject({ next: null })
    })

    it('200: a no-code module carries the no-code-modules relationship; include=no-code-modules adds the resource', async () => {
      const { data: iam } = await json<SingleDoc>(await create({ name: 'iam', provider: 'aws', 'no-code': true }))
      const plain = await list()
      const relationshipOf = (doc: ListDoc, id: string) => doc.data.find((m) => m.id === id)?.relationships?.['no-code-modules']
      const noCodeId = iam.id.replace(/^mod-/, 'nocode-')
      expect(relationshipOf(plain, iam.id)).toEqual({ data: [{ id: noCodeId, type: 'no-code-modules' }] })
      expect(relationshipOf(plain, plain.data[0]?.id ?? '')).toEqual({ data: [] })
      expect(plain.included).toBeUndefined()
      const withNoCode = await list('?include=no-code-modules')
      expect(withNoCode.included).toEqual([
        expect.objectContaining({
          id: noCodeId,
          type: 'no-code-modules',
          attributes: { enabled: true, 'version-pin': '' },
          relationships: expect.objectContaining({ 'registry-module': { data: { id: iam.id, type: 'registry-modules' } } }) as unknown,
        }),
      ])
      expect((await t.call('GET', `${BASE}?include=tag-bindings`, tokens.reader)).status).toBe(400)
    })

    it('400: an unknown registry name filter', async () => {
      expect((await t.call('GET', `${BASE}?filter[registry_name]=shared`, tokens.reader)).status).toBe(400)
    })

    it('404: not a member', async () => {
      await errorsOf(await t.call('GET', BASE, t.adminToken), 404)
      await errorsOf(await t.call('GET', '/api/v2/organizations/nope/registry-modules', tokens.owner), 404)
    })
  })

  describe('get a module', () => {
    beforeEach(async () => {
      await create({ name: 'vpc', provider: 'aws' })
    })

    it('200: the registry-modules document, also by id; managers may resync and retry whatever the publishing mechanism', async () => {
      const response = await t.call('GET', VPC, tokens.reader)
      expect(response.status).toBe(200)
      const { data } = await json<SingleDoc>(response)
      expect(data.attributes).toMatchObject({ name: 'vpc', provider: 'aws' })
      expect(data.attributes['permissions']).toEqual({ 'can-delete': false, 'can-resync': false, 'can-retry': false })
      const asOwner = await json<SingleDoc>(await t.call('GET', VPC, tokens.owner))
      expect(asOwner.data.attributes['permissions']).toEqual({ 'can-delete': true, 'can-resync': true, 'can-retry': true })
      const asPublisher = await json<SingleDoc>(await t.call('GET', VPC, tokens.publisher))
      expect(asPublisher.data.attributes['permissions']).toEqual({ 'can-delete': false, 'can-resync': true, 'can-retry': true })
      const byId = await json<SingleDoc>(await t.call('GET', `/api/v2/registry-modules/${data.id}`, tokens.reader))
      expect(byId.data).toEqual(data)
    })

    it('403: a public module in the self-hosted edition', async () => {
      await errorsOf(await t.call('GET', `${BASE}/public/hashicorp/vpc/aws`, tokens.reader), 403)
    })

    it('404: no such module, provider or registry, or not a member', async () => {
      await errorsOf(await t.call('GET', `${BASE}/private/acme/vpc/google`, tokens.reader), 404)
      await errorsOf(await t.call('GET', `${BASE}/private/acme/nope/aws`, tokens.reader), 404)
      await errorsOf(await t.call('GET', `${BASE}/shared/acme/vpc/aws`, tokens.reader), 404)
      await errorsOf(await t.call('GET', VPC, t.adminToken), 404)
    })
  })

  describe('update a private module', () => {
    beforeEach(async () => {
      await create({ name: 'vpc', provider: 'aws' })
    })

    const patch = (attributes: Record<string, unknown>, token = tokens.owner, path = `${VPC}/`) =>
      t.call('PATCH', path, token, moduleBody(attributes))

    it('200: test-config.tests-enabled changes; everything omitted keeps its value', async () => {
      const response = await patch({ 'test-config': { 'tests-enabled': true } })
      expect(response.status).toBe(200)
      const { data } = await json<SingleDoc>(response)
      expect(data.attributes).toMatchObject({ name: 'vpc', 'no-code': false, 'test-config': { 'tests-enabled': true } })
      const again = await json<SingleDoc>(await patch({}, tokens.owner, VPC))
      expect(again.data.attributes['test-config']).toEqual({ 'tests-enabled': true })
    })

    it('200: no-code turns on and off, and the no-code-modules relationship with it', async () => {
      const patch = (noCode: unknown) => t.call('PATCH', VPC, tokens.owner, moduleBody({ 'no-code': noCode }))
      const on = await json<SingleDoc>(await patch(true))
      expect(on.data.attributes['no-code']).toBe(true)
      expect(on.data.relationships?.['no-code-modules']).toEqual({
        data: [{ id: on.data.id.replace(/^mod-/, 'nocode-'), type: 'no-code-modules' }],
      })
      expect((await json<SingleDoc>(await patch(false))).data.attributes['no-code']).toBe(false)
      await errorsOf(await patch('yes'), 422)
    })

    it('422: vcs-repo.tags together with vcs-repo.branch', async () => {
      const errors = await errorsOf(await patch({ 'vcs-repo': { branch: 'main', tags: true } }), 422)
      expect(errors[0]?.source).toEqual({ pointer: '/data/attributes/vcs-repo/tags' })
    })

    it('422: a branch for a module not published from VCS, or a wrong type', async () => {
      await errorsOf(await patch({ 'vcs-repo': { branch: 'main' } }), 422)
      const errors = await errorsOf(await patch({ 'test-config': { 'tests-enabled': 'yes' } }), 422)
      expect(errors[0]?.source).toEqual({ pointer: '/data/attributes/test-config/tests-enabled' })
    })

    it('404: not an owner (even with manage-modules), or no such module', async () => {
      await errorsOf(await patch({ 'test-config': { 'tests-enabled': true } }, tokens.publisher), 404)
      await errorsOf(await patch({}, tokens.owner, `${BASE}/private/acme/nope/aws/`), 404)
    })
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { errorsOf, registryModuleAppPerTest } from '../test-support/registry-module-app.ts'
import { BASE } from '../test-support/vpc-module.ts'

describe('registry modules without VCS (spec §4.1)', () => {
  const app = registryModuleAppPerTest()

  describe('list', () => {
    beforeEach(async () => {
      for (const [name, provider] of [
        ['vpc', 'aws'],
        ['vpc', 'google'],
        ['dns', 'aws'],
        ['network', 'azurerm'],
      ]) {
        expect((await app.create({ name, provider })).status).toBe(201)
      }
    })

    const list = async (query = '', token = app.tokens.reader) => {
      const response = await app.t.call('GET', `${BASE}${query}`, token)
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
      const { data: iam } = await json<SingleDoc>(await app.create({ name: 'iam', provider: 'aws', 'no-code': true }))
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
      expect((await app.t.call('GET', `${BASE}?include=tag-bindings`, app.tokens.reader)).status).toBe(400)
    })

    it('400: an unknown registry name filter', async () => {
      expect((await app.t.call('GET', `${BASE}?filter[registry_name]=shared`, app.tokens.reader)).status).toBe(400)
    })

    it('404: not a member', async () => {
      await errorsOf(await app.t.call('GET', BASE, app.t.adminToken), 404)
      await errorsOf(await app.t.call('GET', '/api/v2/organizations/nope/registry-modules', app.tokens.owner), 404)
    })
  })
})

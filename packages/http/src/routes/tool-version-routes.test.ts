import { aWorkspace, inOrganization } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { JSON_API } from '../jsonapi/media-type.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const SHA = 'c'.repeat(64)
const attributes = { version: '1.9.0', url: 'https://releases.example.com/tofu_1.9.0.zip', sha: SHA }
const ARCHS = [
  { url: 'https://x.test/arm.zip', sha: 'd'.repeat(64), os: 'linux', arch: 'arm64' },
  { url: 'https://x.test/amd.zip', sha: 'e'.repeat(64), os: 'linux', arch: 'amd64' },
  { url: 'https://x.test/s390x.zip', sha: 'f'.repeat(64), os: 'linux', arch: 's390x' },
]
const body = (attrs: Record<string, unknown>, type = 'tool-versions') => ({ data: { type, attributes: attrs } })
const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

interface Doc {
  data: { id: string; type: string; attributes: Record<string, unknown>; links: { self: string } }
}
interface ListDoc {
  data: Doc['data'][]
  links: Record<string, string | null>
  meta: { pagination: Record<string, number | null> }
}
interface ErrorDoc {
  errors: { status: string; title: string; detail?: string; source?: { pointer?: string; parameter?: string } }[]
}

describe.each(['/api/v2/admin', '/admin'])('admin tool versions under %s (spec §4.4)', (prefix) => {
  let t: TestApp
  const base = `${prefix}/tool-versions`

  beforeEach(async () => {
    t = await testApp()
  })

  async function createOne(attrs: Record<string, unknown> = attributes): Promise<Doc['data']> {
    const response = await t.call('POST', base, t.adminToken, body(attrs))
    expect(response.status).toBe(201)
    return ((await response.json()) as Doc).data
  }

  describe('create', () => {
    it('201: returns the tool-versions document with the defaults of §2.5', async () => {
      const response = await t.call('POST', base, t.adminToken, body(attributes))
      expect(response.status).toBe(201)
      expect(response.headers.get('Content-Type')).toBe(JSON_API)
      const { data } = (await response.json()) as Doc
      expect(data.type).toBe('tool-versions')
      expect(data.id).toMatch(/^tool-[A-Za-z0-9]{16}$/)
      expect(data.attributes).toMatchObject({
        ...attributes,
        deprecated: false,
        'deprecated-reason': null,
        official: false,
        enabled: true,
        beta: false,
        usage: 0,
        archs: [{ url: attributes.url, sha: SHA, os: 'linux', arch: 'amd64' }],
      })
      expect(data.attributes['created-at']).toMatch(ISO_Z)
      expect(data.links.self).toBe(`/api/v2/admin/tool-versions/${data.id}`)
    })

    it('201: stores every arch sent, in order; url and sha mirror the linux/amd64 entry', async () => {
      const data = await createOne({ version: '1.9.1', url: null, sha: null, archs: ARCHS })
      expect(data.attributes).toMatchObject({ url: 'https://x.test/amd.zip', sha: 'e'.repeat(64), archs: ARCHS })
      const shown = (await (await t.call('GET', `${base}/${data.id}`, t.adminToken)).json()) as Doc
      expect(shown.data.attributes['archs']).toEqual(ARCHS)
    })

    it('201: url and sha together with archs that agree, or that lack linux/amd64 (the pair becomes that entry)', async () => {
      const agreeing = await createOne({ version: '1.9.1', url: 'https://x.test/amd.zip', sha: 'E'.repeat(64), archs: ARCHS })
      expect(agreeing.attributes['archs']).toEqual(ARCHS)
      const arm = ARCHS.slice(0, 1)
      const added = await createOne({ ...attributes, version: '1.9.2', archs: arm })
      expect(added.attributes['archs']).toEqual([{ url: attributes.url, sha: SHA, os: 'linux', arch: 'amd64' }, ...arm])
    })

    it('201: archs without a linux/amd64 entry answer empty url and sha', async () => {
      const data = await createOne({ version: '1.9.1', archs: ARCHS.slice(0, 1) })
      expect(data.attributes).toMatchObject({ url: '', sha: '', archs: ARCHS.slice(0, 1) })
    })

    it.each([
      ['/data/attributes/url', { version: '1.9.1', url: 'https://x.test/other.zip', sha: 'e'.repeat(64), archs: ARCHS }],
      ['/data/attributes/archs', { version: '1.9.1', archs: [] }],
      ['/data/attributes/archs', { version: '1.9.1', archs: 'linux' }],
      ['/data/attributes/archs/1/sha', { version: '1.9.1', archs: [ARCHS[0], { ...ARCHS[1], sha: 'nope' }] }],
      ['/data/attributes/archs/0/os', { version: '1.9.1', archs: [{ ...ARCHS[0], os: 7 }] }],
      ['/data/attributes/archs/0/arch', { version: '1.9.1', archs: [{ url: 'https://x.test/a.zip', sha: SHA, os: 'linux' }] }],
      ['/data/attributes/archs/1', { version: '1.9.1', archs: [ARCHS[0], ARCHS[0]] }],
    ])('422: bad binaries name %s', async (pointer, attrs) => {
      const response = await t.call('POST', base, t.adminToken, body(attrs))
      expect(response.status).toBe(422)
      expect(((await response.json()) as ErrorDoc).errors.map((e) => e.source?.pointer)).toEqual([pointer])
    })

    it('404: a non-administrator, even with a malformed body', async () => {
      for (const payload of [body(attributes), '{not json']) {
        const response = await t.call('POST', base, t.memberToken, payload)
        expect(response.status).toBe(404)
        expect(((await response.json()) as ErrorDoc).errors[0]).toMatchObject({ status: '404', title: 'not found' })
      }
    })

    it('422: missing required attributes, each with a pointer', async () => {
      const response = await t.call('POST', base, t.adminToken, body({ version: '1.9.0' }))
      expect(response.status).toBe(422)
      const { errors } = (await response.json()) as ErrorDoc
      expect(errors.map((e) => e.source?.pointer)).toEqual(['/data/attributes/url', '/data/attributes/sha'])
      expect(errors[0]).toMatchObject({ status: '422', title: 'invalid attribute', detail: 'url is required unless archs is given' })
    })

    it.each([
      ['version', { version: '1.9' }],
      ['url', { url: 'not-a-url' }],
      ['sha', { sha: 'abc' }],
      ['deprecated-reason', { 'deprecated-reason': 'no longer deprecated' }],
      ['deprecated', { deprecated: 'yes' }],
      ['enabled', { enabled: 1 }],
      ['version', { version: 190 }],
    ])('422: a bad %s names it in the pointer', async (name, change) => {
      const response = await t.call('POST', base, t.adminToken, body({ ...attributes, ...change }))
      expect(response.status).toBe(422)
      const { errors } = (await response.json()) as ErrorDoc
      expect(errors).toEqual([expect.objectContaining({ status: '422', source: { pointer: `/data/attributes/${name}` } })])
    })

    it('422: a version that already exists', async () => {
      await createOne()
      const response = await t.call('POST', base, t.adminToken, body(attributes))
      expect(response.status).toBe(422)
      expect(((await response.json()) as ErrorDoc).errors[0]).toMatchObject({
        detail: 'version has already been taken',
        source: { pointer: '/data/attributes/version' },
      })
    })

    it.each([
      ['malformed JSON', '{"data": ', ''],
      ['no data', { meta: {} }, '/data'],
      ['data as an array', { data: [] }, '/data'],
      ['the wrong data.type', body(attributes, 'workspaces'), '/data/type'],
      ['attributes that are not an object', { data: { type: 'tool-versions', attributes: [] } }, '/data/attributes'],
    ])('422: %s', async (_, payload, pointer) => {
      const response = await t.call('POST', base, t.adminToken, payload)
      expect(response.status).toBe(422)
      expect(((await response.json()) as ErrorDoc).errors[0]?.source).toEqual({ pointer })
    })

    it('413: a body over the limit, storing nothing', async () => {
      const huge = body({ ...attributes, 'deprecated-reason': 'x'.repeat(2 * 1024 * 1024) })
      const response = await t.call('POST', base, t.adminToken, huge)
      expect(response.status).toBe(413)
      expect(((await response.json()) as ErrorDoc).errors[0]?.status).toBe('413')
      const list = (await (await t.call('GET', base, t.adminToken)).json()) as ListDoc
      expect(list.data).toEqual([])
    })
  })

  describe('show', () => {
    it('200: the tool-versions document with its usage', async () => {
      const created = await createOne()
      await t.deps.unitOfWork.run((repositories) => inOrganization(repositories, aWorkspace({ toolVersionId: created.id })))
      const response = await t.call('GET', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe(JSON_API)
      const { data } = (await response.json()) as Doc
      expect(data).toMatchObject({ id: created.id, type: 'tool-versions', attributes: { ...attributes, usage: 1 } })
    })

    it('404: not found', async () => {
      const response = await t.call('GET', `${base}/tool-doesnotexist00`, t.adminToken)
      expect(response.status).toBe(404)
      expect(((await response.json()) as ErrorDoc).errors[0]).toMatchObject({ status: '404' })
    })

    it('404: not an administrator', async () => {
      const created = await createOne()
      expect((await t.call('GET', `${base}/${created.id}`, t.memberToken)).status).toBe(404)
    })
  })

  describe('update', () => {
    it('200: changes the given attributes and keeps the omitted ones', async () => {
      const created = await createOne({ ...attributes, official: true, beta: true })
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ enabled: false }))
      expect(response.status).toBe(200)
      const { data } = (await response.json()) as Doc
      expect(data.attributes).toMatchObject({ ...attributes, official: true, beta: true, enabled: false })
    })

    it('200: null attributes, as the Go client sends for unset ones, keep their value', async () => {
      const created = await createOne()
      const patch = body({ version: null, url: null, sha: null, deprecated: true, 'deprecated-reason': 'eol' })
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, patch)
      expect(response.status).toBe(200)
      const { data } = (await response.json()) as Doc
      expect(data.attributes).toMatchObject({ ...attributes, deprecated: true, 'deprecated-reason': 'eol' })
    })

    it('200: archs alone replace the list; url and sha answer empty without a linux/amd64 entry', async () => {
      const created = await createOne({ version: '1.9.1', archs: ARCHS })
      const arm = [{ ...ARCHS[0], url: 'https://x.test/arm2.zip' }]
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ archs: arm }))
      expect(response.status).toBe(200)
      expect(((await response.json()) as Doc).data.attributes).toMatchObject({ url: '', sha: '', archs: arm })
    })

    it('200: url and sha alone make the list one linux/amd64 entry', async () => {
      const created = await createOne({ version: '1.9.1', archs: ARCHS })
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ url: 'https://x.test/new.zip', sha: 'A'.repeat(64) }))
      const { data } = (await response.json()) as Doc
      expect(data.attributes).toMatchObject({ url: 'https://x.test/new.zip', sha: 'a'.repeat(64) })
      expect(data.attributes['archs']).toEqual([{ url: 'https://x.test/new.zip', sha: 'a'.repeat(64), os: 'linux', arch: 'amd64' }])
    })

    it('200: other changes keep every arch', async () => {
      const created = await createOne({ version: '1.9.1', archs: ARCHS })
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ beta: true }))
      expect(((await response.json()) as Doc).data.attributes['archs']).toEqual(ARCHS)
    })

    it('404: not found', async () => {
      const response = await t.call('PATCH', `${base}/tool-doesnotexist00`, t.adminToken, body({ beta: true }))
      expect(response.status).toBe(404)
    })

    it('404: not an administrator', async () => {
      const created = await createOne()
      expect((await t.call('PATCH', `${base}/${created.id}`, t.memberToken, body({ beta: true }))).status).toBe(404)
    })

    it('422: validation errors, leaving the version unchanged', async () => {
      const created = await createOne()
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ url: 'nope', beta: true }))
      expect(response.status).toBe(422)
      expect(((await response.json()) as ErrorDoc).errors[0]?.source).toEqual({ pointer: '/data/attributes/url' })
      const shown = (await (await t.call('GET', `${base}/${created.id}`, t.adminToken)).json()) as Doc
      expect(shown.data.attributes).toMatchObject({ url: attributes.url, beta: false })
    })

    it('422: the wrong data.type', async () => {
      const created = await createOne()
      const response = await t.call('PATCH', `${base}/${created.id}`, t.adminToken, body({ beta: true }, 'users'))
      expect(response.status).toBe(422)
    })
  })

  describe('delete', () => {
    it('204: removes a version that is neither official nor used, with an empty body', async () => {
      const created = await createOne()
      const response = await t.call('DELETE', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      expect((await t.call('GET', `${base}/${created.id}`, t.adminToken)).status).toBe(404)
    })

    it('404: not found', async () => {
      expect((await t.call('DELETE', `${base}/tool-doesnotexist00`, t.adminToken)).status).toBe(404)
    })

    it('404: not an administrator', async () => {
      const created = await createOne()
      expect((await t.call('DELETE', `${base}/${created.id}`, t.memberToken)).status).toBe(404)
      expect((await t.call('GET', `${base}/${created.id}`, t.adminToken)).status).toBe(200)
    })

    it('422: an official version', async () => {
      const created = await createOne({ ...attributes, official: true })
      const response = await t.call('DELETE', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(422)
      expect(((await response.json()) as ErrorDoc).errors[0]?.source).toEqual({ pointer: '/data/attributes/official' })
    })

    it('422: a version used by a workspace', async () => {
      const created = await createOne()
      await t.deps.unitOfWork.run((repositories) => inOrganization(repositories, aWorkspace({ toolVersionId: created.id })))
      const response = await t.call('DELETE', `${base}/${created.id}`, t.adminToken)
      expect(response.status).toBe(422)
      expect((await t.call('GET', `${base}/${created.id}`, t.adminToken)).status).toBe(200)
    })
  })

  describe('list', () => {
    beforeEach(async () => {
      for (const version of ['1.0.0', '1.1.0', '1.10.0', '1.2.0', '1.3.0']) {
        await createOne({ ...attributes, version })
        t.deps.clock.advance(1000)
      }
    })

    async function list(query: string): Promise<ListDoc> {
      const response = await t.call('GET', `${base}${query}`, t.adminToken)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe(JSON_API)
      return (await response.json()) as ListDoc
    }

    it('200: a tool-versions document with pagination meta and links', async () => {
      const doc = await list('?page%5Bnumber%5D=2&page%5Bsize%5D=2')
      expect(doc.data.map((d) => d.attributes['version'])).toEqual(['1.10.0', '1.2.0'])
      expect(doc.data[0]?.type).toBe('tool-versions')
      expect(doc.meta.pagination).toEqual({
        'current-page': 2,
        'page-size': 2,
        'prev-page': 1,
        'next-page': 3,
        'total-pages': 3,
        'total-count': 5,
      })
      expect(doc.links).toEqual({
        self: `http://localhost${base}?page%5Bnumber%5D=2&page%5Bsize%5D=2`,
        first: `http://localhost${base}?page%5Bnumber%5D=1&page%5Bsize%5D=2`,
        prev: `http://localhost${base}?page%5Bnumber%5D=1&page%5Bsize%5D=2`,
        next: `http://localhost${base}?page%5Bnumber%5D=3&page%5Bsize%5D=2`,
        last: `http://localhost${base}?page%5Bnumber%5D=3&page%5Bsize%5D=2`,
      })
    })

    it('200: page size defaults to 20 and is capped at 100', async () => {
      expect((await list('')).meta.pagination['page-size']).toBe(20)
      expect((await list('?page[size]=1000')).meta.pagination['page-size']).toBe(100)
    })

    it('200: the first page has no prev link and the last no next link', async () => {
      const doc = await list('')
      expect(doc.links['prev']).toBeNull()
      expect(doc.links['next']).toBeNull()
      expect(doc.data).toHaveLength(5)
    })

    it('200: filter[version] matches exactly and takes precedence over search[version]', async () => {
      const doc = await list('?filter%5Bversion%5D=1.1.0&search%5Bversion%5D=1.10')
      expect(doc.data.map((d) => d.attributes['version'])).toEqual(['1.1.0'])
    })

    it('200: search[version] matches part of the version', async () => {
      const doc = await list('?search[version]=1.1')
      expect(doc.data.map((d) => d.attributes['version'])).toEqual(['1.1.0', '1.10.0'])
    })

    it.each(['0', '-1', 'abc', '1.5', ''])('400: page[number]=%j names the parameter', async (value) => {
      const response = await t.call('GET', `${base}?page%5Bnumber%5D=${value}`, t.adminToken)
      expect(response.status).toBe(400)
      expect(((await response.json()) as ErrorDoc).errors[0]?.source).toEqual({ parameter: 'page[number]' })
    })

    it('404: not an administrator', async () => {
      expect((await t.call('GET', base, t.memberToken)).status).toBe(404)
    })
  })
})

describe('the terraform-versions compatibility alias', () => {
  it('serves the same resources with type terraform-versions, as the official Go client expects', async () => {
    const t = await testApp()
    const created = await t.call('POST', '/api/v2/admin/terraform-versions', t.adminToken, body(attributes, 'terraform-versions'))
    expect(created.status).toBe(201)
    const { data } = (await created.json()) as Doc
    expect(data.type).toBe('terraform-versions')
    const viaToolVersions = (await (await t.call('GET', `/admin/tool-versions/${data.id}`, t.adminToken)).json()) as Doc
    expect(viaToolVersions.data).toMatchObject({ id: data.id, type: 'tool-versions' })
  })

  it('refuses a tool-versions body on the alias', async () => {
    const t = await testApp()
    const response = await t.call('POST', '/admin/terraform-versions', t.adminToken, body(attributes))
    expect(response.status).toBe(422)
  })
})

describe('the admin API in the hosted edition', () => {
  it('does not exist', async () => {
    const t = await testApp({ edition: 'hosted' })
    expect((await t.call('GET', '/api/v2/admin/tool-versions', t.adminToken)).status).toBe(404)
  })
})

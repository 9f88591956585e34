import { beforeEach, describe, expect, it } from 'vitest'
import { JSON_API } from '../jsonapi/media-type.ts'
import type { ErrorDoc, ListDoc } from '../test-support/documents.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import {
  ADMIN_PREFIXES,
  ARCHS,
  createToolVersion,
  SHA,
  toolVersionAttributes as attributes,
  toolVersionBody as body,
  type ToolVersionDoc as Doc,
} from '../test-support/tool-versions.ts'

const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe.each(ADMIN_PREFIXES)('admin tool versions under %s (spec §4.4)', (prefix) => {
  let t: TestApp
  const base = `${prefix}/tool-versions`

  beforeEach(async () => {
    t = await testApp()
  })

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
      const data = await createToolVersion(t, base, { version: '1.9.1', url: null, sha: null, archs: ARCHS })
      expect(data.attributes).toMatchObject({ url: 'https://x.test/amd.zip', sha: 'e'.repeat(64), archs: ARCHS })
      const shown = (await (await t.call('GET', `${base}/${data.id}`, t.adminToken)).json()) as Doc
      expect(shown.data.attributes['archs']).toEqual(ARCHS)
    })

    it('201: url and sha together with archs that agree, or that lack linux/amd64 (the pair becomes that entry)', async () => {
      const agreeing = await createToolVersion(t, base, {
        version: '1.9.1',
        url: 'https://x.test/amd.zip',
        sha: 'E'.repeat(64),
        archs: ARCHS,
      })
      expect(agreeing.attributes['archs']).toEqual(ARCHS)
      const arm = ARCHS.slice(0, 1)
      const added = await createToolVersion(t, base, { ...attributes, version: '1.9.2', archs: arm })
      expect(added.attributes['archs']).toEqual([{ url: attributes.url, sha: SHA, os: 'linux', arch: 'amd64' }, ...arm])
    })

    it('201: archs without a linux/amd64 entry answer empty url and sha', async () => {
      const data = await createToolVersion(t, base, { version: '1.9.1', archs: ARCHS.slice(0, 1) })
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
      await createToolVersion(t, base)
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
})

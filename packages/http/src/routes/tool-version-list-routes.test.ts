import { beforeEach, describe, expect, it } from 'vitest'
import { JSON_API } from '../jsonapi/media-type.ts'
import type { ErrorDoc, ListDoc } from '../test-support/documents.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import { ADMIN_PREFIXES, createToolVersion, toolVersionAttributes as attributes } from '../test-support/tool-versions.ts'

describe.each(ADMIN_PREFIXES)('admin tool versions under %s (spec §4.4)', (prefix) => {
  let t: TestApp
  const base = `${prefix}/tool-versions`

  beforeEach(async () => {
    t = await testApp()
  })

  describe('list', () => {
    beforeEach(async () => {
      for (const version of ['1.0.0', '1.1.0', '1.10.0', '1.2.0', '1.3.0']) {
        await createToolVersion(t, base, { ...attributes, version })
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

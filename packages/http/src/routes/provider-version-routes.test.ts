import { describe, expect, it } from 'vitest'
import { json, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { AWS, created, PROVIDERS, versionBody, withAws } from '../test-support/provider-fixtures.ts'
import { errorsOf } from '../test-support/registry-module-app.ts'

const VERSIONS = `${AWS}/versions`

describe('creating a provider version', () => {
  it('201 with its attributes, the upload links on the upload host, and no download links', async () => {
    const { t, tokens } = await withAws()
    const provider = (await json<SingleDoc>(await t.call('GET', AWS, tokens.reader))).data
    const version = await created(t, VERSIONS, tokens.publisher, versionBody('1.0.0', 'abcdefg', ['5.0', '6.0']))
    expect(version.id).toMatch(/^provver-/)
    expect(version.type).toBe('registry-provider-versions')
    expect(version.attributes).toMatchObject({
      version: '1.0.0',
      'key-id': 'abcdefg',
      protocols: ['5.0', '6.0'],
      'shasums-uploaded': false,
      'shasums-sig-uploaded': false,
      permissions: { 'can-delete': true, 'can-upload-asset': true },
    })
    expect(version.relationships?.['registry-provider']?.data).toEqual({ id: provider.id, type: 'registry-providers' })
    expect(version.relationships?.['platforms']?.data).toEqual([])
    expect(version.links?.['shasums-upload']).toMatch(/^https:\/\/uploads\.example\.com\/up\/v1\/object\/providers\/./)
    expect(version.links?.['shasums-sig-upload']).toMatch(/^https:\/\/uploads\.example\.com\/up\/v1\/object\/providers\/./)
    expect(version.links?.['shasums-download']).toBeUndefined()
    expect(version.links?.['shasums-sig-download']).toBeUndefined()
  })

  it('"protocols": null and the type "registry-provider-versions" are taken', async () => {
    const { t, tokens } = await withAws()
    const version = await created(t, VERSIONS, tokens.publisher, versionBody('1.0.0', 'K', null))
    expect(version.attributes['protocols']).toEqual([])
    const typed = versionBody('1.0.1', 'K')
    const named = await created(t, VERSIONS, tokens.publisher, { data: { ...typed.data, type: 'registry-provider-versions' } })
    expect(named.attributes['version']).toBe('1.0.1')
  })

  it('422 naming the field: a bad version, an unknown protocol, a protocols that is no list, a duplicate', async () => {
    const { t, tokens } = await withAws()
    await created(t, VERSIONS, tokens.publisher, versionBody('1.0.0', 'K'))
    const pointerOf = async (body: unknown) => (await errorsOf(await t.call('POST', VERSIONS, tokens.publisher, body), 422))[0]?.source
    expect(await pointerOf(versionBody('one', 'K'))).toEqual({ pointer: '/data/attributes/version' })
    expect(await pointerOf(versionBody('1.0.1', 'K', ['7.0']))).toEqual({ pointer: '/data/attributes/protocols' })
    expect(await pointerOf({ data: { type: '', attributes: { version: '1.0.1', 'key-id': 'K', protocols: '5.0' } } })).toEqual({
      pointer: '/data/attributes/protocols',
    })
    expect(await pointerOf(versionBody('1.0.0', 'K'))).toEqual({ pointer: '/data/attributes/version' })
  })

  it('404 for an unknown provider, a member who does not manage the registry, and a non-member', async () => {
    const { t, tokens } = await withAws()
    expect((await t.call('POST', `${PROVIDERS}/private/acme/nope/versions`, tokens.publisher, versionBody('1.0.0', 'K'))).status).toBe(404)
    expect((await t.call('POST', VERSIONS, tokens.reader, versionBody('1.0.0', 'K'))).status).toBe(404)
    expect((await t.call('POST', VERSIONS, tokens.outsider, versionBody('1.0.0', 'K'))).status).toBe(404)
  })
})

describe('reading, listing and deleting provider versions', () => {
  it('a member reads and lists them, without permissions to change them; a non-member gets 404', async () => {
    const { t, tokens } = await withAws()
    for (const version of ['1.0.0', '1.1.0']) await created(t, VERSIONS, tokens.publisher, versionBody(version, 'K'))
    const read = await json<SingleDoc>(await t.call('GET', `${VERSIONS}/1.1.0`, tokens.reader))
    expect(read.data.attributes).toMatchObject({ version: '1.1.0', permissions: { 'can-delete': false, 'can-upload-asset': false } })
    const list = await json<ListDoc>(await t.call('GET', `${VERSIONS}?page[size]=1`, tokens.reader))
    expect(list.data).toHaveLength(1)
    expect(list.meta.pagination['total-count']).toBe(2)
    expect((await t.call('GET', `${VERSIONS}/1.1.0`, tokens.outsider)).status).toBe(404)
    expect((await t.call('GET', VERSIONS, tokens.outsider)).status).toBe(404)
    expect((await t.call('GET', `${VERSIONS}/9.9.9`, tokens.reader)).status).toBe(404)
  })

  it('delete: 404 for a reader, 204 for a publisher, then the version is gone', async () => {
    const { t, tokens } = await withAws()
    await created(t, VERSIONS, tokens.publisher, versionBody('1.0.0', 'K'))
    expect((await t.call('DELETE', `${VERSIONS}/1.0.0`, tokens.reader)).status).toBe(404)
    expect((await t.call('DELETE', `${VERSIONS}/1.0.0`, tokens.publisher)).status).toBe(204)
    expect((await t.call('GET', `${VERSIONS}/1.0.0`, tokens.reader)).status).toBe(404)
  })
})

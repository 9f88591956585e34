import { describe, expect, it } from 'vitest'
import { json, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { AWS, created, platformBody, versionBody, withAws } from '../test-support/provider-fixtures.ts'
import { errorsOf } from '../test-support/registry-module-app.ts'

const PLATFORMS = `${AWS}/versions/1.0.0/platforms`
const LINUX = { os: 'linux', arch: 'amd64', shasum: 'shasum', filename: 'filename' }

/** acme/aws 1.0.0, no files uploaded yet. */
async function withVersion() {
  const organization = await withAws()
  const version = await created(organization.t, `${AWS}/versions`, organization.tokens.publisher, versionBody('1.0.0', 'K'))
  return { ...organization, version }
}

describe('creating a provider platform', () => {
  it.each(['registry-provider-version-platforms', 'registry-provider-platforms', ''])(
    'type "%s": 201 with its attributes and the binary’s upload link',
    async (type) => {
      const { t, tokens, version } = await withVersion()
      const platform = await created(t, PLATFORMS, tokens.publisher, platformBody(LINUX, type))
      expect(platform.id).toMatch(/^provpltfrm-/)
      expect(platform.type).toBe('registry-provider-platforms')
      expect(platform.attributes).toMatchObject({ ...LINUX, 'provider-binary-uploaded': false, permissions: { 'can-delete': true } })
      expect(platform.relationships?.['registry-provider-version']?.data).toEqual({ id: version.id, type: 'registry-provider-versions' })
      expect(platform.links?.['provider-binary-upload']).toMatch(/^https:\/\/uploads\.example\.com\/up\/v1\/object\/providers\/./)
      expect(platform.links?.['provider-binary-download']).toBeUndefined()
    },
  )

  it('422: a missing attribute names it, another type is refused, a duplicate os/arch names os', async () => {
    const { t, tokens } = await withVersion()
    await created(t, PLATFORMS, tokens.publisher, platformBody(LINUX))
    const withoutFilename = platformBody({ os: 'darwin', arch: 'amd64', shasum: 'shasum' })
    const missing = await errorsOf(await t.call('POST', PLATFORMS, tokens.publisher, withoutFilename), 422)
    expect(missing.map((error) => error.source?.pointer)).toEqual(['/data/attributes/filename'])
    const wrongType = await errorsOf(await t.call('POST', PLATFORMS, tokens.publisher, platformBody(LINUX, 'platforms')), 422)
    expect(wrongType.map((error) => error.source?.pointer)).toEqual(['/data/type'])
    const duplicate = await errorsOf(await t.call('POST', PLATFORMS, tokens.publisher, platformBody(LINUX)), 422)
    expect(duplicate.map((error) => error.source?.pointer)).toEqual(['/data/attributes/os'])
  })

  it('404 for an unknown version, a member who does not manage the registry, and a non-member', async () => {
    const { t, tokens } = await withVersion()
    expect((await t.call('POST', PLATFORMS.replace('1.0.0', '2.0.0'), tokens.publisher, platformBody(LINUX))).status).toBe(404)
    expect((await t.call('POST', PLATFORMS, tokens.reader, platformBody(LINUX))).status).toBe(404)
    expect((await t.call('POST', PLATFORMS, tokens.outsider, platformBody(LINUX))).status).toBe(404)
  })
})

describe('reading, listing and deleting provider platforms', () => {
  it('a member reads and lists them; a non-member and an unknown platform get 404', async () => {
    const { t, tokens } = await withVersion()
    await created(t, PLATFORMS, tokens.publisher, platformBody(LINUX))
    await created(t, PLATFORMS, tokens.publisher, platformBody({ ...LINUX, os: 'darwin', arch: 'arm64' }))
    const read = await json<SingleDoc>(await t.call('GET', `${PLATFORMS}/linux/amd64`, tokens.reader))
    expect(read.data.attributes).toMatchObject({ os: 'linux', arch: 'amd64', permissions: { 'can-delete': false } })
    const list = await json<ListDoc>(await t.call('GET', PLATFORMS, tokens.reader))
    expect(list.data.map((platform) => `${String(platform.attributes['os'])}_${String(platform.attributes['arch'])}`).sort()).toEqual([
      'darwin_arm64',
      'linux_amd64',
    ])
    const version = await json<SingleDoc>(await t.call('GET', `${AWS}/versions/1.0.0`, tokens.reader))
    expect(version.data.relationships?.['platforms']?.data).toHaveLength(2)
    expect((await t.call('GET', `${PLATFORMS}/linux/amd64`, tokens.outsider)).status).toBe(404)
    expect((await t.call('GET', `${PLATFORMS}/linux/arm`, tokens.reader)).status).toBe(404)
  })

  it('delete: 404 for a reader, 204 for a publisher, then it is gone', async () => {
    const { t, tokens } = await withVersion()
    await created(t, PLATFORMS, tokens.publisher, platformBody(LINUX))
    expect((await t.call('DELETE', `${PLATFORMS}/linux/amd64`, tokens.reader)).status).toBe(404)
    expect((await t.call('DELETE', `${PLATFORMS}/linux/amd64`, tokens.publisher)).status).toBe(204)
    expect((await t.call('GET', `${PLATFORMS}/linux/amd64`, tokens.reader)).status).toBe(404)
  })
})

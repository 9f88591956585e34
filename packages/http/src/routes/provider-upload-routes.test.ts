import { describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type SingleDoc } from '../test-support/documents.ts'
import { AWS, created, onLink, platformBody, versionBody } from '../test-support/provider-fixtures.ts'
import { put, sha256, shasumsOf, withAwsAndKey, zipName, zipOf } from '../test-support/provider-release.ts'
import { aSigningKey } from '../test-support/provider-signing.ts'

const VERSION = `${AWS}/versions/1.0.0`
const text = (value: string) => new TextEncoder().encode(value)

/** acme/aws 1.0.0 signed by acme's key, nothing uploaded yet. */
async function newVersion() {
  const organization = await withAwsAndKey()
  const { t, tokens, key } = organization
  const version = await created(t, `${AWS}/versions`, tokens.publisher, versionBody('1.0.0', key.keyId))
  return { ...organization, version, shasums: shasumsOf('1.0.0', ['linux_amd64']) }
}

async function detailsOf(response: Response, status: number): Promise<string[]> {
  expect(response.status).toBe(status)
  return (await json<ErrorDoc>(response)).errors.map((error) => `${error.source?.pointer ?? ''} ${error.detail ?? ''}`)
}

describe('uploading SHA256SUMS and its signature', () => {
  it('each upload link turns into a download link once its file is in', async () => {
    const { t, tokens, key, version, shasums } = await newVersion()
    const afterSums = await put(t, version.links?.['shasums-upload'], shasums)
    expect(afterSums?.attributes['shasums-uploaded']).toBe(true)
    expect(afterSums?.links?.['shasums-upload']).toBeUndefined()
    expect(afterSums?.links?.['shasums-download']).toMatch(/^http:\/\/localhost\/api\/registry\/v1\/provider-files\//)
    await put(t, version.links?.['shasums-sig-upload'], await key.sign(text(shasums)))
    const read = (await json<SingleDoc>(await t.call('GET', VERSION, tokens.reader))).data
    expect(read.attributes).toMatchObject({ 'shasums-uploaded': true, 'shasums-sig-uploaded': true })
    expect(Object.keys(read.links ?? {}).sort()).toEqual(['self', 'shasums-download', 'shasums-sig-download'])
  })

  it('422 naming shasums for a line that is not "<sha256>  <filename>"', async () => {
    const { t, version } = await newVersion()
    const details = await detailsOf(await onLink(t, version.links?.['shasums-upload'] ?? '', 'PUT', 'not a checksum line\n'), 422)
    expect(details[0]).toMatch(/^\/data\/attributes\/shasums /)
  })

  it('422 when SHA256SUMS does not list a platform already created', async () => {
    const { t, tokens, version } = await newVersion()
    const darwin = { os: 'darwin', arch: 'arm64', shasum: sha256('other'), filename: zipName('1.0.0', 'darwin_arm64') }
    await created(t, `${VERSION}/platforms`, tokens.publisher, platformBody(darwin))
    const response = await onLink(t, version.links?.['shasums-upload'] ?? '', 'PUT', shasumsOf('1.0.0', ['linux_amd64']))
    expect(response.status).toBe(422)
    const after = (await json<SingleDoc>(await t.call('GET', VERSION, tokens.reader))).data
    expect(after.attributes['shasums-uploaded']).toBe(false)
  })

  it('a second PUT of an uploaded file: 422, already uploaded', async () => {
    const { t, version, shasums } = await newVersion()
    await put(t, version.links?.['shasums-upload'], shasums)
    expect((await detailsOf(await onLink(t, version.links?.['shasums-upload'] ?? '', 'PUT', shasums), 422)).join()).toMatch(
      /already uploaded/,
    )
  })

  it('a signature before SHA256SUMS: 422 saying SHA256SUMS comes first', async () => {
    const { t, key, version, shasums } = await newVersion()
    const details = await detailsOf(await onLink(t, version.links?.['shasums-sig-upload'] ?? '', 'PUT', await key.sign(text(shasums))), 422)
    expect(details.join()).toMatch(/SHA256SUMS/)
  })

  it('a version whose key-id is no key of the namespace: 422 naming key-id at the signature upload', async () => {
    const { t, tokens, shasums } = await newVersion()
    const stranger = await aSigningKey()
    const version = await created(t, `${AWS}/versions`, tokens.publisher, versionBody('2.0.0', stranger.keyId))
    await put(t, version.links?.['shasums-upload'], shasums)
    const details = await detailsOf(
      await onLink(t, version.links?.['shasums-sig-upload'] ?? '', 'PUT', await stranger.sign(text(shasums))),
      422,
    )
    expect(details[0]).toMatch(/^\/data\/attributes\/key-id /)
  })

  it.each([
    ['signed by another key', 'other'],
    ['ASCII-armored', 'armored'],
    ['over other content', 'mismatch'],
    ['no signature at all', 'garbage'],
  ] as const)('a signature %s: 422, nothing stored', async (_, kind) => {
    const { t, tokens, key, version, shasums } = await newVersion()
    await put(t, version.links?.['shasums-upload'], shasums)
    const other = await aSigningKey()
    const signature = {
      other: () => other.sign(text(shasums)),
      armored: () => key.sign(text(shasums), { armor: true }),
      mismatch: () => key.sign(text(`${shasums}tampered`)),
      garbage: () => Promise.resolve(text('not a signature')),
    }[kind]
    const details = await detailsOf(await onLink(t, version.links?.['shasums-sig-upload'] ?? '', 'PUT', await signature()), 422)
    if (kind === 'armored') expect(details.join()).toContain('ASCII-armored')
    const after = (await json<SingleDoc>(await t.call('GET', VERSION, tokens.reader))).data
    expect(after.attributes['shasums-sig-uploaded']).toBe(false)
    expect(after.links?.['shasums-sig-upload']).toBeDefined()
  })

  it('a SHA256SUMS over 1 MiB: 422, nothing stored', async () => {
    const { t, tokens, version } = await newVersion()
    const response = await onLink(t, version.links?.['shasums-upload'] ?? '', 'PUT', 'x'.repeat(1024 * 1024 + 1))
    expect(response.status).toBe(422)
    expect((await json<SingleDoc>(await t.call('GET', VERSION, tokens.reader))).data.attributes['shasums-uploaded']).toBe(false)
  })
})

describe('uploading a platform’s zip', () => {
  async function withPlatform() {
    const organization = await newVersion()
    const { t, tokens, key, version, shasums } = organization
    await put(t, version.links?.['shasums-upload'], shasums)
    await put(t, version.links?.['shasums-sig-upload'], await key.sign(text(shasums)))
    const attributes = {
      os: 'linux',
      arch: 'amd64',
      shasum: sha256(zipOf('1.0.0', 'linux_amd64')),
      filename: zipName('1.0.0', 'linux_amd64'),
    }
    const platform = await created(t, `${VERSION}/platforms`, tokens.publisher, platformBody(attributes))
    return { ...organization, platform }
  }

  it('200 with the platform, now uploaded, its download link instead of its upload link', async () => {
    const { t, platform } = await withPlatform()
    const uploaded = await put(t, platform.links?.['provider-binary-upload'], zipOf('1.0.0', 'linux_amd64'))
    expect(uploaded?.attributes['provider-binary-uploaded']).toBe(true)
    expect(uploaded?.links?.['provider-binary-upload']).toBeUndefined()
    expect(uploaded?.links?.['provider-binary-download']).toMatch(/\/terraform-provider-aws_1\.0\.0_linux_amd64\.zip$/)
  })

  it('a zip whose sha256 is not the platform’s shasum: 422 naming shasum, not uploaded', async () => {
    const { t, tokens, platform } = await withPlatform()
    const details = await detailsOf(await onLink(t, platform.links?.['provider-binary-upload'] ?? '', 'PUT', 'another zip'), 422)
    expect(details[0]).toMatch(/^\/data\/attributes\/shasum /)
    const after = (await json<SingleDoc>(await t.call('GET', `${VERSION}/platforms/linux/amd64`, tokens.reader))).data
    expect(after.attributes['provider-binary-uploaded']).toBe(false)
  })

  it('a platform that SHA256SUMS does not list, once it is in: 422', async () => {
    const { t, tokens } = await withPlatform()
    const attributes = { os: 'darwin', arch: 'arm64', shasum: sha256('x'), filename: 'x.zip' }
    expect((await t.call('POST', `${VERSION}/platforms`, tokens.publisher, platformBody(attributes))).status).toBe(422)
  })
})

describe('upload links themselves', () => {
  it('a forged link: 404; an expired one: 404', async () => {
    const { t, version, shasums } = await newVersion()
    expect((await t.app.request('/v1/object/providers/forged', { method: 'PUT', body: shasums })).status).toBe(404)
    t.deps.clock.advance(7 * 24 * 60 * 60 * 1000)
    expect((await onLink(t, version.links?.['shasums-upload'] ?? '', 'PUT', shasums)).status).toBe(404)
  })

  it.each(['POST', 'GET', 'PATCH', 'DELETE'])('%s: 405 with Allow: PUT', async (method) => {
    const { t, version } = await newVersion()
    const response = await onLink(t, version.links?.['shasums-upload'] ?? '', method, method === 'GET' ? undefined : 'x')
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('PUT')
    expect((await json<ErrorDoc>(response)).errors[0]?.detail).toBe(`an upload link takes the file as the body of a PUT, not a ${method}`)
  })
})

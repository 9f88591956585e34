import { describe, expect, it } from 'vitest'
import { json } from '../test-support/documents.ts'
import { onLink } from '../test-support/provider-fixtures.ts'
import { publishAws, sha256, shasumsOf, withAwsAndKey, zipName, zipOf } from '../test-support/provider-release.ts'

const P = '/api/registry/v1/providers'

interface Download {
  protocols: string[]
  os: string
  arch: string
  filename: string
  shasum: string
  download_url: string
  shasums_url: string
  shasums_signature_url: string
  signing_keys: { gpg_public_keys: Record<string, unknown>[] }
}

/** acme/aws with 1.0.0 installable on two platforms, 1.1.0 with one zip missing, 2.0.0 with no zip at all. */
async function released() {
  const organization = await withAwsAndKey()
  const { t, tokens, key } = organization
  await publishAws(t, tokens.publisher, { version: '1.0.0', key, platforms: ['linux_amd64', 'darwin_arm64'] })
  await publishAws(t, tokens.publisher, { version: '1.1.0', key, platforms: ['linux_amd64', 'windows_amd64'], uploaded: ['linux_amd64'] })
  await publishAws(t, tokens.publisher, { version: '2.0.0', key, platforms: ['linux_amd64'], uploaded: [] })
  return organization
}

describe('the provider registry protocol', () => {
  it('is announced in discovery as providers.v1', async () => {
    const { t } = await withAwsAndKey()
    const services = await json<Record<string, unknown>>(await t.app.request('/.well-known/terraform.json'))
    expect(services['providers.v1']).toBe('/api/registry/v1/providers/')
  })

  it('versions lists only installable versions, and in them only the uploaded platforms', async () => {
    const { t, tokens } = await released()
    const body = await json<{ versions: { version: string; protocols: string[]; platforms: { os: string; arch: string }[] }[] }>(
      await t.call('GET', `${P}/acme/aws/versions`, tokens.reader),
    )
    const sorted = (platforms: { os: string; arch: string }[]) => platforms.map(({ os, arch }) => `${os}_${arch}`).sort()
    expect(body.versions.map((version) => [version.version, version.protocols, sorted(version.platforms)])).toEqual([
      ['1.1.0', ['5.0'], ['linux_amd64']],
      ['1.0.0', ['5.0'], ['darwin_arm64', 'linux_amd64']],
    ])
  })

  it('download answers the platform’s package: links without a token that GET and HEAD answer, and the signing key', async () => {
    const { t, tokens, key } = await released()
    const response = await t.call('GET', `${P}/acme/aws/1.0.0/download/linux/amd64`, tokens.reader)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    const found = await json<Download>(response)
    expect(found).toMatchObject({
      protocols: ['5.0'],
      os: 'linux',
      arch: 'amd64',
      filename: zipName('1.0.0', 'linux_amd64'),
      shasum: sha256(zipOf('1.0.0', 'linux_amd64')),
    })
    expect(found.signing_keys.gpg_public_keys).toEqual([
      { key_id: key.keyId, ascii_armor: key.asciiArmor, trust_signature: '', source: '', source_url: null },
    ])
    const files = [
      [found.download_url, 'application/zip', zipOf('1.0.0', 'linux_amd64')],
      [found.shasums_url, 'text/plain', shasumsOf('1.0.0', ['linux_amd64', 'darwin_arm64'])],
    ] as const
    for (const [url, type, content] of files) {
      expect(url).toMatch(/^http:\/\/localhost\/api\/registry\/v1\/provider-files\//)
      const head = await onLink(t, url, 'HEAD')
      expect([head.status, head.headers.get('Content-Type'), await head.text()]).toEqual([200, type, ''])
      const got = await onLink(t, url, 'GET')
      expect([got.status, got.headers.get('Content-Type'), await got.text()]).toEqual([200, type, content])
    }
    const signature = await onLink(t, found.shasums_signature_url, 'GET')
    expect([signature.status, signature.headers.get('Content-Type')]).toEqual([200, 'application/octet-stream'])
  })

  it('version and platform resources carry the same download links', async () => {
    const { t, tokens } = await released()
    const version = await json<{ data: { links: Record<string, string> } }>(
      await t.call('GET', '/api/v2/organizations/acme/registry-providers/private/acme/aws/versions/1.0.0', tokens.reader),
    )
    expect((await onLink(t, version.data.links['shasums-download'] ?? '', 'HEAD')).status).toBe(200)
    expect((await onLink(t, version.data.links['shasums-sig-download'] ?? '', 'HEAD')).status).toBe(200)
  })

  it('404 in the protocol shape: an unknown provider, a version not installable, a platform not uploaded, a non-member', async () => {
    const { t, tokens } = await released()
    const outsider = tokens.outsider
    for (const [path, token] of [
      [`${P}/acme/nope/versions`, tokens.reader],
      [`${P}/acme/aws/versions`, outsider],
      [`${P}/acme/aws/2.0.0/download/linux/amd64`, tokens.reader],
      [`${P}/acme/aws/1.1.0/download/windows/amd64`, tokens.reader],
      [`${P}/acme/aws/1.0.0/download/linux/amd64`, outsider],
    ] as const) {
      const response = await t.call('GET', path, token)
      expect([path, response.status]).toEqual([path, 404])
      expect((await json<{ errors: unknown[] }>(response)).errors.every((error) => typeof error === 'string')).toBe(true)
    }
  })

  it('401 without a token; an expired or forged file link is 404', async () => {
    const { t, tokens } = await released()
    expect((await t.call('GET', `${P}/acme/aws/versions`, null)).status).toBe(401)
    const found = await json<Download>(await t.call('GET', `${P}/acme/aws/1.0.0/download/linux/amd64`, tokens.reader))
    expect((await t.app.request('/api/registry/v1/provider-files/forged/x.zip')).status).toBe(404)
    t.deps.clock.advance(7 * 24 * 60 * 60 * 1000)
    expect((await onLink(t, found.download_url, 'GET')).status).toBe(404)
  })
})

import { createHash } from 'node:crypto'
import { EMPTY_CONFIG, OCI_MEDIA_TYPES } from '@cairn/core'
import { FAKE_ZIP_PREFIX, settledVersion } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { moduleOrganization, publish, versionBody } from '../test-support/module-fixtures.ts'
import { anOrganizationWith } from '../test-support/seed.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const REPOSITORY = '/v2/acme/modules/vpc/aws'

interface Manifest {
  mediaType: string
  artifactType: string
  config: typeof EMPTY_CONFIG
  layers: { mediaType: string; digest: string; size: number }[]
  annotations: Record<string, string>
}

const sha256 = (bytes: Uint8Array | string) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`
const basic = (token: string) => `Basic ${Buffer.from(`tofu:${token}`).toString('base64')}`

describe('OCI distribution at /v2/ (reference §4)', () => {
  let t: TestApp
  let reader: string
  let publisher: string

  const request = (path: string, authorization: string | null, method = 'GET') =>
    t.app.request(path, { method, headers: authorization === null ? {} : { Authorization: authorization } })
  const get = (path: string, token: string | null = reader, method = 'GET') =>
    request(path, token === null ? null : `Bearer ${token}`, method)

  async function expectOciError(response: Response, status: number, code: string): Promise<void> {
    expect(response.status).toBe(status)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    const { errors } = (await response.json()) as { errors: { code: string; message: string }[] }
    expect(errors.map((error) => error.code)).toEqual([code])
  }

  async function manifestOf(reference: string): Promise<{ response: Response; text: string; manifest: Manifest }> {
    const response = await get(`${REPOSITORY}/manifests/${reference}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    return { response, text, manifest: JSON.parse(text) as Manifest }
  }

  beforeEach(async () => {
    t = await testApp()
    const tokens = await moduleOrganization(t)
    reader = tokens.reader
    publisher = tokens.publisher
    for (const version of ['1.0.0', '1.2.0', '2.0.0-beta', '1.3.0+build.5']) {
      await publish(t, publisher, { name: 'vpc', provider: 'aws', version, content: `archive of ${version}` })
    }
    await publish(t, publisher, { name: 'vpc', provider: 'aws', version: '3.0.0', content: null })
  })

  describe('authentication', () => {
    it('answers GET /v2/ 200 to a token and 401 with the Bearer challenge without one', async () => {
      const ok = await get('/v2/')
      expect(ok.status).toBe(200)
      expect(ok.headers.get('Docker-Distribution-API-Version')).toBe('registry/2.0')
      const refused = await get('/v2/', null)
      await expectOciError(refused, 401, 'UNAUTHORIZED')
      expect(refused.headers.get('WWW-Authenticate')).toBe('Bearer realm="http://localhost/v2/token",service="localhost"')
    })

    it("names the repository's pull scope in the challenge of a repository's path, for GET and HEAD", async () => {
      for (const method of ['GET', 'HEAD']) {
        const refused = await get(`${REPOSITORY}/manifests/1.0.0`, null, method)
        expect(refused.status).toBe(401)
        expect(refused.headers.get('WWW-Authenticate')).toBe(
          'Bearer realm="http://localhost/v2/token",service="localhost",scope="repository:acme/modules/vpc/aws:pull"',
        )
      }
    })

    it('401 for an unknown token, as Bearer or as the password of Basic credentials', async () => {
      await expectOciError(await get(`${REPOSITORY}/tags/list`, 'at-unknown.secret'), 401, 'UNAUTHORIZED')
      await expectOciError(await request(`${REPOSITORY}/tags/list`, basic('at-unknown.secret')), 401, 'UNAUTHORIZED')
      await expectOciError(await request(`${REPOSITORY}/tags/list`, 'Digest x'), 401, 'UNAUTHORIZED')
    })

    it('exchanges Basic credentials whose password is a Cairn token for a bearer token that reads the repository', async () => {
      const response = await request('/v2/token?service=localhost&scope=repository:acme/modules/vpc/aws:pull', basic(reader))
      expect(response.status).toBe(200)
      const { token, access_token } = (await response.json()) as { token: string; access_token: string }
      expect(access_token).toBe(token)
      expect((await get(`${REPOSITORY}/tags/list`, token)).status).toBe(200)
    })

    it('refuses the token endpoint without credentials (with a Basic challenge) and with an unknown token', async () => {
      const bare = await request('/v2/token', null)
      await expectOciError(bare, 401, 'UNAUTHORIZED')
      expect(bare.headers.get('WWW-Authenticate')).toBe('Basic realm="Cairn"')
      await expectOciError(await request('/v2/token', basic('at-unknown.secret')), 401, 'UNAUTHORIZED')
    })

    it('reads the repository with Basic credentials directly', async () => {
      expect((await request(`${REPOSITORY}/manifests/1.0.0`, basic(reader))).status).toBe(200)
    })

    it('404 NAME_UNKNOWN to a token of another organization and to a user outside it', async () => {
      const outsider = await t.signUp('outsider')
      const { principal } = await anOrganizationWith(t.useCases, outsider.user, 'globex')
      const { bearer } = await t.useCases.serviceTokens.createOrganizationToken({ organizationName: 'globex' }, principal)
      for (const token of [bearer, outsider.token]) {
        await expectOciError(await get(`${REPOSITORY}/manifests/1.0.0`, token), 404, 'NAME_UNKNOWN')
        await expectOciError(await get(`${REPOSITORY}/tags/list`, token), 404, 'NAME_UNKNOWN')
      }
    })
  })

  describe('manifests', () => {
    it('serves a version as an image manifest with one archive/zip layer and the empty config', async () => {
      const { response, text, manifest } = await manifestOf('1.2.0')
      expect(response.headers.get('Content-Type')).toBe(OCI_MEDIA_TYPES.manifest)
      expect(response.headers.get('Docker-Content-Digest')).toBe(sha256(text))
      expect(response.headers.get('Content-Length')).toBe(String(Buffer.byteLength(text)))
      expect(manifest).toMatchObject({ mediaType: OCI_MEDIA_TYPES.manifest, artifactType: 'application/vnd.opentofu.modulepkg' })
      expect(manifest.config).toEqual(EMPTY_CONFIG)
      expect(manifest.layers).toEqual([
        {
          mediaType: 'archive/zip',
          digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
          size: expect.any(Number),
          annotations: { 'org.opencontainers.image.title': 'module.zip' },
        },
      ])
      expect(manifest.annotations['org.opencontainers.image.version']).toBe('1.2.0')
    })

    it('answers HEAD with the headers of GET, Docker-Content-Digest included, and no body', async () => {
      const { response } = await manifestOf('1.2.0')
      const head = await get(`${REPOSITORY}/manifests/1.2.0`, reader, 'HEAD')
      expect(head.status).toBe(200)
      for (const name of ['Content-Type', 'Docker-Content-Digest', 'Content-Length']) {
        expect(head.headers.get(name)).toBe(response.headers.get(name))
      }
      expect(await head.text()).toBe('')
    })

    it('serves the same bytes by digest, and the same digest on every request', async () => {
      const { response, text } = await manifestOf('1.0.0')
      const digest = response.headers.get('Docker-Content-Digest') ?? ''
      const again = await manifestOf('1.0.0')
      expect(again.text).toBe(text)
      const byDigest = await manifestOf(digest)
      expect(byDigest.text).toBe(text)
      expect(byDigest.response.headers.get('Docker-Content-Digest')).toBe(digest)
    })

    it('builds each version once, even for requests that arrive together', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, async () => get(`${REPOSITORY}/manifests/1.0.0`)))
      expect(new Set(answers.map((answer) => answer.headers.get('Docker-Content-Digest'))).size).toBe(1)
      let zips = 0
      for await (const key of t.deps.blobs.list('oci/')) if (key.endsWith('.zip')) zips += 1
      expect(zips).toBe(1)
    })

    it('writes build metadata with _ in tags, and serves latest as the latest release', async () => {
      expect((await manifestOf('1.3.0_build.5')).manifest.annotations['org.opencontainers.image.version']).toBe('1.3.0+build.5')
      expect((await manifestOf('latest')).manifest.annotations['org.opencontainers.image.version']).toBe('1.3.0+build.5')
    })

    it('404 MANIFEST_UNKNOWN for an unknown tag, a version not ok, an unknown digest and a malformed one', async () => {
      for (const reference of ['9.9.9', '3.0.0', sha256('nothing'), 'sha256:abc', 'md5:0123']) {
        await expectOciError(await get(`${REPOSITORY}/manifests/${reference}`), 404, 'MANIFEST_UNKNOWN')
      }
      expect((await get(`${REPOSITORY}/manifests/9.9.9`, reader, 'HEAD')).status).toBe(404)
    })

    it('404 MANIFEST_UNKNOWN for the digest of another repository', async () => {
      await publish(t, publisher, { name: 'dns', provider: 'aws', version: '1.0.0' })
      const dns = await get('/v2/acme/modules/dns/aws/manifests/1.0.0')
      const digest = dns.headers.get('Docker-Content-Digest') ?? ''
      await expectOciError(await get(`${REPOSITORY}/manifests/${digest}`), 404, 'MANIFEST_UNKNOWN')
    })

    it('serves a new package once the version serves a new archive, and the old digest no more', async () => {
      const base = '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws/versions'
      const created = await t.call('POST', base, publisher, versionBody('4.0.0'))
      const { data } = (await created.json()) as { data: { id: string; links: { upload: string } } }
      const upload = async (content: string) => {
        await t.app.request(new URL(data.links.upload).pathname, { method: 'PUT', body: content })
        await settledVersion(t.deps.unitOfWork, data.id)
      }
      await upload('first archive')
      const first = (await manifestOf('4.0.0')).response.headers.get('Docker-Content-Digest') ?? ''
      await upload('second archive')
      const second = await manifestOf('4.0.0')
      expect(second.response.headers.get('Docker-Content-Digest')).not.toBe(first)
      await expectOciError(await get(`${REPOSITORY}/manifests/${first}`), 404, 'MANIFEST_UNKNOWN')
      const [layer] = second.manifest.layers
      expect(await (await get(`${REPOSITORY}/blobs/${layer?.digest ?? ''}`)).text()).toBe(`${FAKE_ZIP_PREFIX}second archive`)
    })

    it('404 NAME_UNKNOWN for an unknown repository and one without an ok version', async () => {
      await expectOciError(await get('/v2/acme/modules/nothing/aws/manifests/1.0.0'), 404, 'NAME_UNKNOWN')
      await expectOciError(await get('/v2/nowhere/modules/vpc/aws/manifests/1.0.0'), 404, 'NAME_UNKNOWN')
      await publish(t, publisher, { name: 'empty', provider: 'aws', version: '1.0.0', content: null })
      await expectOciError(await get('/v2/acme/modules/empty/aws/tags/list'), 404, 'NAME_UNKNOWN')
    })
  })

  describe('blobs', () => {
    it("serves the layer's zip with its digest and size, and HEAD the headers alone", async () => {
      const [layer] = (await manifestOf('1.0.0')).manifest.layers
      const response = await get(`${REPOSITORY}/blobs/${layer?.digest ?? ''}`)
      expect(response.status).toBe(200)
      const bytes = new Uint8Array(await response.arrayBuffer())
      expect(sha256(bytes)).toBe(layer?.digest)
      expect(bytes.byteLength).toBe(layer?.size)
      expect(Buffer.from(bytes).toString()).toBe(`${FAKE_ZIP_PREFIX}archive of 1.0.0`)
      expect(response.headers.get('Docker-Content-Digest')).toBe(layer?.digest)
      expect(response.headers.get('Content-Length')).toBe(String(layer?.size))
      const head = await get(`${REPOSITORY}/blobs/${layer?.digest ?? ''}`, reader, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.headers.get('Content-Length')).toBe(String(layer?.size))
      expect(head.headers.get('Docker-Content-Digest')).toBe(layer?.digest)
    })

    it('serves the empty config', async () => {
      const response = await get(`${REPOSITORY}/blobs/${EMPTY_CONFIG.digest}`)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('{}')
    })

    it('404 BLOB_UNKNOWN for an unknown digest, a malformed one and a manifest digest', async () => {
      const { response } = await manifestOf('1.0.0')
      for (const digest of [sha256('nothing'), 'sha256:zz', response.headers.get('Docker-Content-Digest') ?? '']) {
        await expectOciError(await get(`${REPOSITORY}/blobs/${digest}`), 404, 'BLOB_UNKNOWN')
      }
    })
  })

  describe('tags', () => {
    const tags = async (query = '') => {
      const response = await get(`${REPOSITORY}/tags/list${query}`)
      expect(response.status).toBe(200)
      return { link: response.headers.get('Link'), body: (await response.json()) as { name: string; tags: string[] } }
    }

    it('lists the ok versions as tags in lexical order, + written _', async () => {
      const { body, link } = await tags()
      expect(body).toEqual({ name: 'acme/modules/vpc/aws', tags: ['1.0.0', '1.2.0', '1.3.0_build.5', '2.0.0-beta'] })
      expect(link).toBeNull()
    })

    it('pages with n and last, with a Link to the next page while one follows', async () => {
      const first = await tags('?n=2')
      expect(first.body.tags).toEqual(['1.0.0', '1.2.0'])
      expect(first.link).toBe('</v2/acme/modules/vpc/aws/tags/list?n=2&last=1.2.0>; rel="next"')
      const second = await tags('?n=2&last=1.2.0')
      expect(second.body.tags).toEqual(['1.3.0_build.5', '2.0.0-beta'])
      expect(second.link).toBeNull()
      expect((await tags('?last=2.0.0-beta')).body.tags).toEqual([])
      expect((await tags('?n=0')).body.tags).toEqual([])
    })

    it('400 PAGINATION_NUMBER_INVALID for an n that is no whole number', async () => {
      await expectOciError(await get(`${REPOSITORY}/tags/list?n=-1`), 400, 'PAGINATION_NUMBER_INVALID')
    })
  })
})

import { fixtureModule, hostile, packDirectory, type Bytes } from '@cairn/test-fixtures'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { untilSettled } from '@cairn/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { userToken } from './test-support/cli.ts'
import { latestStatusOf, type VersionDocument as VersionDoc } from './test-support/registry-client.ts'
import { testConfig } from './test-support/test-config.ts'

const JSON_API = 'application/vnd.api+json'

/**
 * Uploads through the real server: HTTP, the HMAC-signed link, the filesystem blob store, the
 * tar/HCL analyser and PGlite, with realistic and hostile archives from test-fixtures.
 */
describe('module archive uploads, end to end', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-upload-')), 'data')
  const env = { CAIRN_DATA_DIR: dataDir, PORT: '0', CAIRN_ARCHIVE_MAX_ENTRIES: '200' }
  let server: RunningServer
  let token: string
  let versionCount = 0

  beforeAll(async () => {
    token = await userToken(env, 'owner', true)
    server = await startServer(testConfig(env))
    await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })
    await api('POST', '/api/v2/organizations/acme/registry-modules', {
      data: { type: 'registry-modules', attributes: { name: 'network', provider: 'aws' } },
    })
  }, 60_000)

  afterAll(async () => {
    await server.stop()
  })

  async function api(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response
  }

  async function newVersion(): Promise<VersionDoc['data']> {
    versionCount += 1
    const body = { data: { type: 'registry-module-versions', attributes: { version: `1.0.${versionCount}` } } }
    const response = await api('POST', '/api/v2/organizations/acme/registry-modules/private/acme/network/aws/versions', body)
    return ((await response.json()) as VersionDoc).data
  }

  function put(link: string, archive: Bytes): Promise<Response> {
    return fetch(link, { method: 'PUT', body: Readable.from(archive) as unknown as BodyInit, duplex: 'half' } as RequestInit)
  }

  /** The version once its upload's analysis (a job) has settled it. */
  async function settled(version = versionCount): Promise<VersionDoc['data']> {
    const read = async () =>
      (await (
        await api('GET', `/api/v2/organizations/acme/registry-modules/private/acme/network/aws/version?module_version=1.0.${version}`)
      ).json()) as VersionDoc
    return (await untilSettled(read, latestStatusOf)).data
  }

  /** PUTs the archive: 200 with the attempt reg_ingressing once stored. */
  async function stored(link: string, archive: Bytes): Promise<void> {
    const response = await put(link, archive)
    expect(response.status).toBe(200)
    expect(latestStatusOf((await response.json()) as VersionDoc)).toBe('reg_ingressing')
  }

  const blobFiles = () => readdirSync(join(dataDir, 'blobs'), { recursive: true }).filter((name) => String(name).endsWith('.tar.gz'))

  it('a realistic module: 200 once stored (reg_ingressing), then the version becomes ok, its archive kept with its SHA-256', async () => {
    const version = await newVersion()
    const started = performance.now()
    await stored(version.links.upload ?? '', packDirectory(fixtureModule('network')))
    const data = await settled()
    console.info(`PUT to ok: ${Math.round(performance.now() - started)} ms`)
    expect(data.attributes.status).toBe('ok')
    expect(data.attributes['archive-sha256']).toMatch(/^[0-9a-f]{64}$/)
    expect(blobFiles()).toHaveLength(1)
  })

  it("everything the CLI and the server create is its owner's alone: data and db directories, blobs, signing key", () => {
    const mode = (...path: string[]) => statSync(join(dataDir, ...path)).mode & 0o777
    // The CLI (user create) made the data directory and database; the server the rest.
    const tree = readdirSync(dataDir, { recursive: true }).map(String)
    expect(tree.filter((path) => statSync(join(dataDir, path)).mode & 0o077)).toEqual([])
    expect(tree).toEqual(expect.arrayContaining(['db', 'blobs', 'signing-key', ...blobFiles().map((name) => join('blobs', String(name)))]))
    expect(blobFiles().length).toBeGreaterThan(0)
    expect([mode(), mode('db'), mode('blobs'), mode('signing-key')]).toEqual([0o700, 0o700, 0o700, 0o600])
    for (const blob of blobFiles()) expect(mode('blobs', String(blob))).toBe(0o600)
  })

  it.each([
    ['path traversal', () => hostile.pathTraversal(), /\.\./],
    ['a symbolic link', () => hostile.symbolicLink(), /link/i],
    ['an absolute path', () => hostile.absolutePath('/etc/cron.d/evil.tf'), /absolute/i],
    ['not gzip', () => hostile.notGzip(), /gzip/i],
    ['too many entries', () => hostile.tooManyEntries(500), /entries/i],
    ['no configuration at the root', () => hostile.noConfiguration(), /\.tf/],
    ['unparsable HCL', () => hostile.unparsableHcl(), /line|parse|unclosed/i],
    ['an HCL nesting bomb', () => hostile.nestingBomb(20_000), /main\.tf: line 2: nested more than 64 levels deep/],
    ['a .tf.json default nested too deeply', () => hostile.deepJsonDefault(20_000), /deep\.tf\.json: line 1: nested more than 64/],
    ['100 examples with a README of 1 MiB each', () => hostile.metadataBomb(100, 1024 * 1024), /more than 1 MiB of READMEs/],
  ])('%s: 200, the refusal recorded on the version with the reason, nothing kept', async (_, archive, reason) => {
    const before = blobFiles().length
    const version = await newVersion()
    await stored(version.links.upload ?? '', archive())
    const data = await settled()
    expect(data.attributes.status).toBe('reg_ingress_failed')
    expect(data.attributes.error).toMatch(reason)
    expect(data.links.upload).toBeTruthy()
    // The job drops the archive it refused or replaced just after settling the version.
    await expect.poll(() => blobFiles().length).toBe(before)
  })

  it('after the hostile uploads, the next realistic module is still analysed', async () => {
    const version = await newVersion()
    await stored(version.links.upload ?? '', packDirectory(fixtureModule('network')))
    expect((await settled()).attributes.status).toBe('ok')
  })

  it('a second PUT to the same link replaces the archive, keeping only the new one', async () => {
    const version = await newVersion()
    await stored(version.links.upload ?? '', packDirectory(fixtureModule('network')))
    const firstSha = (await settled()).attributes['archive-sha256']
    const before = blobFiles().length
    await stored(
      version.links.upload ?? '',
      packDirectory(fixtureModule('network'), { extra: [{ path: 'NOTES.md', body: Buffer.from('again') }] }),
    )
    const data = await settled()
    expect(data.attributes.status).toBe('ok')
    expect(data.attributes['archive-sha256']).not.toBe(firstSha)
    // The job drops the archive it refused or replaced just after settling the version.
    await expect.poll(() => blobFiles().length).toBe(before)
  })

  it('404: a forged object id, with no Authorization needed to find out', async () => {
    expect((await fetch(`${server.url}/v1/object/AAAA.BBBB`, { method: 'PUT', body: 'x' })).status).toBe(404)
  })

  it('the registry protocol hands out an HMAC-signed archive link that HEAD and GET follow without credentials', async () => {
    const version = await newVersion()
    await stored(version.links.upload ?? '', packDirectory(fixtureModule('network')))
    const sha256 = (await settled()).attributes['archive-sha256']
    const name = `1.0.${versionCount}`
    const download = await fetch(`${server.url}/api/registry/v1/modules/acme/network/aws/${name}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(download.status).toBe(204)
    const link = download.headers.get('X-Terraform-Get') ?? ''
    expect(link.startsWith(`${server.url}/api/registry/v1/archives/`)).toBe(true)
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200)
    const fetched = await fetch(link)
    expect(fetched.status).toBe(200)
    expect(
      createHash('sha256')
        .update(Buffer.from(await fetched.arrayBuffer()))
        .digest('hex'),
    ).toBe(sha256)
    // Another payload under the same signature, and the same payload under another signature.
    const [body = '', mac = ''] = decodeURIComponent(link.split('/').at(-2) ?? '').split('.')
    const otherBody = Buffer.from(
      Buffer.from(body, 'base64url')
        .toString('utf8')
        .replace(/\.tar\.gz$/, '.tgz'),
    ).toString('base64url')
    for (const forged of [`${otherBody}.${mac}`, `${body}.${mac.slice(1)}A`]) {
      const altered = link.replace(/archives\/[^/]+\//, `archives/${forged}/`)
      expect((await fetch(altered)).status).toBe(404)
      expect((await fetch(altered, { method: 'HEAD' })).status).toBe(404)
    }
  })
})

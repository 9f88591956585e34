import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { userToken } from './test-support/cli.ts'
import { fakeProviderBuild } from './test-support/fake-provider-build.ts'
import { startFakeProviderOrigin, type FakeProviderOrigin } from './test-support/fake-provider-origin.ts'
import { makeProviderRelease, whyNoProviderRelease, type ProviderRelease } from './test-support/provider-release.ts'
import { testConfig } from './test-support/test-config.ts'
import { makeThrowawayCa, type ThrowawayCa } from './test-support/throwaway-ca.ts'
import { throwawayGpgKey, whyNoGpg, type ThrowawayGpgKey } from './test-support/throwaway-gpg-key.ts'

const MIRROR = '/api/registry/mirror/v1'
const ADMIN = '/api/v2/admin/provider-mirror'
// A fake build needs no Go: only gpg and zip.
const why = whyNoGpg() ?? whyNoProviderRelease('not needed')

interface VersionDocument {
  archives: Record<string, { url: string; hashes?: string[] }>
}

/**
 * The provider network mirror through the real server, its HTTP origin client and package reader,
 * against a fake origin registry over HTTPS (a throw-away CA and signing key): pull-through, what
 * the origin gets wrong refused and not kept, the origin down or slow, one fetch for concurrent
 * misses, import of a `terraform providers mirror` tree, and the admin's list and removal.
 */
describe.skipIf(why !== undefined)('provider network mirror, over HTTPS against a fake origin', () => {
  let ca: ThrowawayCa
  let key: ThrowawayGpgKey
  let otherKey: ThrowawayGpgKey
  let releases: ProviderRelease[]
  let origin: FakeProviderOrigin
  let server: RunningServer
  let dataDir: string
  let admin: string
  let reader: string

  beforeAll(async () => {
    ca = await makeThrowawayCa(['localhost'])
    // The server runs in this process: its fetch trusts the throw-away CA as the CLIs would through SSL_CERT_FILE.
    setDefaultCACertificates([...getCACertificates('default'), await readFile(ca.caFile, 'utf8')])
    ;[key, otherKey] = await Promise.all([throwawayGpgKey(), throwawayGpgKey()])
    const build = await fakeProviderBuild()
    releases = await Promise.all(
      ['1.0.0', '2.0.0', '3.0.0', '4.0.0', '5.0.0'].map((version) =>
        makeProviderRelease({ binary: build, namespace: 'hashicorp', type: 'demo', version, key }),
      ),
    )
    origin = await startFakeProviderOrigin(ca, releases, key.armoredPublicKey)
    dataDir = mkdtempSync(join(tmpdir(), 'cairn-mirror-'))
    const env = {
      CAIRN_DATA_DIR: dataDir,
      PORT: '0',
      CAIRN_MIRROR_PULL_THROUGH: 'true',
      CAIRN_MIRROR_TIMEOUT_MS: '1000',
      CAIRN_MIRROR_DENY: 'registry.terraform.io/hashicorp/aws',
    }
    admin = await userToken(env, 'admin', true)
    reader = await userToken(env, 'reader')
    server = await startServer(testConfig(env))
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await origin?.close()
    await Promise.all([...(releases ?? []).map((release) => release.dispose()), key?.dispose(), otherKey?.dispose(), ca?.dispose()])
  })

  const get = (path: string, token: string | null = reader) =>
    fetch(new URL(path, server.url), { headers: token === null ? {} : { Authorization: `Bearer ${token}` } })
  const demo = () => `${MIRROR}/${origin.hostname}/hashicorp/demo`
  const versionDocument = async (version: string) => (await (await get(`${demo()}/${version}.json`)).json()) as VersionDocument
  const zipOf = (release: ProviderRelease) => readFile(join(release.dir, release.platforms[0]?.filename ?? ''))
  const mirroredBlobs = () => {
    const dir = join(dataDir, 'blobs', 'provider-mirror')
    return existsSync(dir) ? readdirSync(dir).length : 0
  }

  it('pulls a provider through on a miss, stores it, and serves it later without the origin', async () => {
    const index = await get(`${demo()}/index.json`)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('application/json')
    expect(Object.keys(((await index.json()) as { versions: object }).versions).sort()).toEqual([
      '1.0.0',
      '2.0.0',
      '3.0.0',
      '4.0.0',
      '5.0.0',
    ])
    const offered = (await versionDocument('1.0.0')).archives['linux_amd64']
    expect(offered).toBeDefined()
    const fetchesBefore = origin.zipFetches()
    const pulled = await fetch(offered?.url ?? '')
    expect(pulled.status).toBe(200)
    expect(Buffer.from(await pulled.arrayBuffer())).toEqual(await zipOf(releases[0]!))
    expect(origin.zipFetches()).toBe(fetchesBefore + 1)

    origin.behaviour = 500
    try {
      const held = (await versionDocument('1.0.0')).archives['linux_amd64']
      expect(held?.hashes).toEqual([expect.stringMatching(/^h1:[A-Za-z0-9+/]{43}=$/), `zh:${releases[0]?.platforms[0]?.shasum}`])
      const again = await fetch(held?.url ?? '')
      expect(Buffer.from(await again.arrayBuffer())).toEqual(await zipOf(releases[0]!))
      expect(origin.zipFetches()).toBe(fetchesBefore + 1)
      // Within the bound the origin is not asked again: its offer was kept, its failure never reached.
      const asked = origin.requests.filter((path) => path.endsWith('/demo/versions')).length
      expect(Object.keys(((await (await get(`${demo()}/index.json`)).json()) as { versions: object }).versions)).toHaveLength(5)
      expect(origin.requests.filter((path) => path.endsWith('/demo/versions'))).toHaveLength(asked)
    } finally {
      origin.behaviour = 'normal'
    }
  })

  it('refuses a tampered zip and a SHA256SUMS signed by another key with 502, keeping nothing', async () => {
    const before = mirroredBlobs()
    origin.tamperedZip = await zipOf(releases[2]!)
    try {
      const tampered = await fetch((await versionDocument('2.0.0')).archives['linux_amd64']?.url ?? '')
      expect(tampered.status).toBe(502)
      expect(JSON.stringify(await tampered.json())).toContain('SHA-256')
    } finally {
      origin.tamperedZip = undefined
    }
    const sums = join(releases[2]!.dir, releases[2]!.shasums)
    origin.otherSignature = await otherKey.sign(sums)
    try {
      const badlySigned = await fetch((await versionDocument('3.0.0')).archives['linux_amd64']?.url ?? '')
      expect(badlySigned.status).toBe(502)
      expect(JSON.stringify(await badlySigned.json())).toContain('signature')
    } finally {
      origin.otherSignature = undefined
    }
    expect(mirroredBlobs()).toBe(before)
    const listed = (await (await get(ADMIN, admin)).json()) as { data: { attributes: { version: string } }[] }
    expect(listed.data.map((archive) => archive.attributes.version)).toEqual(['1.0.0'])
    // Not cached: once the origin behaves, the same version pulls through.
    expect((await fetch((await versionDocument('3.0.0')).archives['linux_amd64']?.url ?? '')).status).toBe(200)
  })

  it('answers 502 when the origin fails and 504 when it is too slow, with JSON errors, and caches neither', async () => {
    const unheld = `${MIRROR}/${origin.hostname}/hashicorp/other/index.json`
    origin.behaviour = 500
    const failed = await get(unheld)
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ errors: [expect.objectContaining({ status: '502' })] })
    origin.behaviour = 'hang'
    const slow = await get(unheld)
    expect(slow.status).toBe(504)
    origin.behaviour = 'normal'
    expect((await get(unheld)).status).toBe(404)
  })

  it('shares one fetch between two concurrent misses of one archive', async () => {
    const url = (await versionDocument('4.0.0')).archives['linux_amd64']?.url ?? ''
    const before = origin.zipFetches()
    origin.behaviour = 'slow-zip'
    try {
      const answers = await Promise.all([fetch(url), fetch(url)])
      const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(bodies[0]).toEqual(bodies[1])
    } finally {
      origin.behaviour = 'normal'
    }
    expect(origin.zipFetches()).toBe(before + 1)
  })

  it('serves no one outside its readers or its policy, and no link without its signature', async () => {
    expect((await get(`${demo()}/index.json`, null)).status).toBe(401)
    expect((await get(`${MIRROR}/registry.terraform.io/hashicorp/aws/index.json`)).status).toBe(404)
    expect((await fetch(new URL(`${MIRROR}/archives/forged/x.zip`, server.url))).status).toBe(404)
  })

  it('imports a terraform providers mirror tree, refusing a tampered one whole', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'cairn-mirror-tree-'))
    const release = releases[4]!
    const platform = release.platforms[0]!
    const folder = join(tree, 'registry.terraform.io', 'hashicorp', 'demo')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'index.json'), JSON.stringify({ versions: { '5.0.0': {} } }))
    await writeFile(join(folder, platform.filename), await zipOf(release))
    // The mirror's h1 of 5.0.0, pulled through from the origin (the end-to-end test checks it against the CLI's).
    await fetch((await versionDocument('5.0.0')).archives['linux_amd64']?.url ?? '')
    const held = (await versionDocument('5.0.0')).archives['linux_amd64']?.hashes ?? []
    await writeFile(
      join(folder, '5.0.0.json'),
      JSON.stringify({ archives: { linux_amd64: { url: platform.filename, hashes: [held[0]] } } }),
    )
    const tarOf = (dir: string) => execFileSync('tar', ['-C', dir, '-c', '.'])
    const upload = (body: Buffer, token = admin) =>
      fetch(new URL(`${ADMIN}/imports`, server.url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: new Uint8Array(body),
      })

    const before = mirroredBlobs()
    await writeFile(join(folder, platform.filename), await zipOf(releases[1]!))
    const tampered = await upload(tarOf(tree))
    expect(tampered.status).toBe(422)
    expect(mirroredBlobs()).toBe(before)
    expect((await upload(tarOf(tree), reader)).status).toBe(404)

    await writeFile(join(folder, platform.filename), await zipOf(release))
    const imported = await upload(tarOf(tree))
    expect(imported.status).toBe(201)
    const importedIndex = await get(`${MIRROR}/registry.terraform.io/hashicorp/demo/index.json`)
    expect(await importedIndex.json()).toEqual({ versions: { '5.0.0': {} } })
    const archive = ((await (await get(`${MIRROR}/registry.terraform.io/hashicorp/demo/5.0.0.json`)).json()) as VersionDocument).archives[
      'linux_amd64'
    ]
    expect(archive?.hashes).toEqual([held[0], `zh:${platform.shasum}`])
    expect(Buffer.from(await (await fetch(archive?.url ?? '')).arrayBuffer())).toEqual(await zipOf(release))
  })

  it('lists what it holds for site admins and removes a version with its blobs', async () => {
    const listed = (await (await get(`${ADMIN}?page[size]=100`, admin)).json()) as {
      data: { attributes: { hostname: string; version: string; size: number; 'last-used-at': string } }[]
    }
    expect(listed.data.length).toBeGreaterThanOrEqual(3)
    expect(listed.data.every((archive) => archive.attributes.size > 0)).toBe(true)
    expect((await get(ADMIN, reader)).status).toBe(404)
    const before = mirroredBlobs()
    const removed = await fetch(new URL(`${ADMIN}/registry.terraform.io/hashicorp/demo/5.0.0`, server.url), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${admin}` },
    })
    expect(removed.status).toBe(204)
    expect(mirroredBlobs()).toBe(before - 1)
    const after = (await (await get(`${ADMIN}?page[size]=100`, admin)).json()) as typeof listed
    expect(after.data.filter((archive) => archive.attributes.hostname === 'registry.terraform.io')).toEqual([])
  })
})

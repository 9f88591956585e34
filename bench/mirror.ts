import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeProviderOrigin } from '../apps/server/src/test-support/fake-provider-origin.ts'
import { makeProviderRelease } from '../apps/server/src/test-support/provider-release.ts'
import { makeThrowawayCa } from '../apps/server/src/test-support/throwaway-ca.ts'
import { throwawayGpgKey } from '../apps/server/src/test-support/throwaway-gpg-key.ts'
import { expectJson, send } from './http-client.ts'
import { settled } from './memory.ts'
import { readProcMemory, resetPeak, RssSampler } from './proc-memory.ts'
import { startCairn, type CairnProcess } from './processes.ts'
import { progress } from './report.ts'
import { MiB, round } from './stats.ts'
import { pairedLoadTest, type PairedResult } from './throughput.ts'

export interface MirrorPlan {
  readonly providers: number
  readonly versionsPerProvider: number
  readonly connections: number
  readonly seconds: number
  readonly rounds: number
  readonly pullMiB: number
}

/** The server's resident set around one GET of a large archive. */
export interface ArchiveGetMemory {
  readonly baselineRss: number
  /** The higher of `VmHWM` (reset before the GET) and every 10 ms sample. */
  readonly peakRss: number
  readonly growth: number
  readonly rssAfter: number
  readonly ms: number
  readonly peakFromKernel: boolean
}

export interface PullThroughMemory {
  readonly archiveBytes: number
  /** The first GET: fetched from the origin, stored, hashed and served. */
  readonly pull: ArchiveGetMemory
  /** The same link again: served from the blob store. */
  readonly served: ArchiveGetMemory
  /** Another version's zip of the same size, pulled through after: whether a pull's growth recurs or was the process's once. */
  readonly secondPull: ArchiveGetMemory
  /** `index.json` and `:version.json` of the pulled provider, pull-through on, against the bare endpoint. */
  readonly loads: readonly PairedResult[]
  /** The `versions` questions the origin heard during those loads: what the server keeps of the origin's offer spares. */
  readonly originVersionQuestions: number
}

export interface MirrorResult {
  readonly importedArchives: number
  readonly importSeconds: number
  readonly loads: readonly PairedResult[]
  readonly pull: PullThroughMemory
}

const MIRROR = '/api/registry/mirror/v1'
const HOST = 'registry.terraform.io'
const providerType = (i: number) => `p${String(i).padStart(3, '0')}`
const versionOf = (v: number) => `1.${v}.0`

/**
 * The provider network mirror (issue 36) on the embedded default: a tree of `providers` ×
 * `versionsPerProvider` small archives imported as `terraform providers mirror` writes it, then
 * `index.json`, `:version.json` and an archive download, each against the bare endpoint; then the
 * server's memory while a `pullMiB` archive is pulled through from a fake origin over HTTPS.
 */
export async function benchMirror(bareUrl: string, plan: MirrorPlan): Promise<MirrorResult> {
  const work = await mkdtemp(join(tmpdir(), 'cairn-bench-mirror-'))
  const server = await startCairn()
  try {
    const { archives, seconds } = await importTree(server, work, plan)
    const random = () => `${server.url}${MIRROR}/${HOST}/bench/${providerType(Math.floor(Math.random() * plan.providers))}`
    const anyVersion = () => versionOf(Math.floor(Math.random() * plan.versionsPerProvider))
    const one = expectJson<{ archives: Record<string, { url: string }> }>(
      await send('GET', `${server.url}${MIRROR}/${HOST}/bench/${providerType(0)}/${versionOf(0)}.json`, { token: server.token }),
      200,
      'version.json',
    )
    const archiveUrl = one.archives['linux_amd64']?.url ?? ''
    const options = { connections: plan.connections, seconds: plan.seconds, token: server.token }
    const loads = [
      await pairedLoadTest(
        'mirror: index.json',
        `${server.url}/`,
        { ...options, draw: () => `${random()}/index.json` },
        bareUrl,
        plan.rounds,
      ),
      await pairedLoadTest(
        'mirror: :version.json',
        `${server.url}/`,
        { ...options, draw: () => `${random()}/${anyVersion()}.json` },
        bareUrl,
        plan.rounds,
      ),
      await pairedLoadTest(
        'mirror: archive download (4 KiB zip)',
        archiveUrl,
        { connections: plan.connections, seconds: plan.seconds },
        bareUrl,
        plan.rounds,
      ),
    ]
    await server.stop()
    return { importedArchives: archives, importSeconds: seconds, loads, pull: await benchPullThrough(work, plan, bareUrl) }
  } finally {
    await server.stop().catch(() => undefined)
    await rm(work, { recursive: true, force: true })
  }
}

/** Writes the tree (one small real zip under every version, listed with its `zh:` hash) and imports its tar. */
async function importTree(server: CairnProcess, work: string, plan: MirrorPlan): Promise<{ archives: number; seconds: number }> {
  const source = join(work, 'zip-source')
  await mkdir(source)
  await writeFile(join(source, 'terraform-provider-bench'), Buffer.alloc(4096, 'bench provider\n'))
  execFileSync('zip', ['-q', '-X', '-j', join(work, 'bench.zip'), join(source, 'terraform-provider-bench')])
  const zip = await readFile(join(work, 'bench.zip'))
  const zh = `zh:${createHash('sha256').update(zip).digest('hex')}`
  const tree = join(work, 'tree')
  for (let p = 0; p < plan.providers; p++) {
    const folder = join(tree, HOST, 'bench', providerType(p))
    await mkdir(folder, { recursive: true })
    const versions = Array.from({ length: plan.versionsPerProvider }, (_, v) => versionOf(v))
    await writeFile(join(folder, 'index.json'), JSON.stringify({ versions: Object.fromEntries(versions.map((version) => [version, {}])) }))
    for (const version of versions) {
      const filename = `terraform-provider-${providerType(p)}_${version}_linux_amd64.zip`
      await writeFile(join(folder, filename), zip)
      await writeFile(join(folder, `${version}.json`), JSON.stringify({ archives: { linux_amd64: { url: filename, hashes: [zh] } } }))
    }
  }
  progress(`mirror: importing ${plan.providers * plan.versionsPerProvider} archives`)
  const started = performance.now()
  const body = execFileSync('tar', ['-C', tree, '-c', '.'], { maxBuffer: 1 << 30 })
  const reply = await send('POST', `${server.url}/api/v2/admin/provider-mirror/imports`, {
    token: server.token,
    body,
    contentType: 'application/x-tar',
  })
  if (reply.status !== 201) throw new Error(`the import answered ${reply.status}: ${reply.text}`)
  return { archives: plan.providers * plan.versionsPerProvider, seconds: round((performance.now() - started) / 1000, 2) }
}

/**
 * A fresh Cairn with pull-through on, trusting a throw-away CA, pulls a provider whose zip holds
 * `bytes` of random data from a fake origin over HTTPS, while its resident set is sampled: the zip
 * streams into the blob store and is hashed as it is read back, never held.
 */
async function benchPullThrough(work: string, plan: MirrorPlan, bareUrl: string): Promise<PullThroughMemory> {
  const bytes = plan.pullMiB * MiB
  const ca = await makeThrowawayCa(['localhost'])
  const key = await throwawayGpgKey()
  const manifest = join(work, 'manifest.json')
  await writeFile(manifest, JSON.stringify({ version: 1, metadata: { protocol_versions: ['6.0'] } }))
  const releaseOf = async (version: string) => {
    const binary = join(work, 'large-provider')
    progress(`mirror: zipping a ${Math.round(bytes / MiB)} MiB provider, version ${version}`)
    execFileSync('dd', ['if=/dev/urandom', `of=${binary}`, 'bs=1M', `count=${Math.round(bytes / MiB)}`], { stdio: 'ignore' })
    const made = await makeProviderRelease({
      binary: { executable: binary, manifest, os: 'linux', arch: 'amd64' },
      namespace: 'bench',
      type: 'large',
      version,
      key,
    })
    await rm(binary, { force: true })
    return made
  }
  const release = await releaseOf('1.0.0')
  const second = await releaseOf('1.0.1')
  const origin = await startFakeProviderOrigin(ca, [release, second], key.armoredPublicKey)
  const server = await startCairn({ env: { CAIRN_MIRROR_PULL_THROUGH: 'true', NODE_EXTRA_CA_CERTS: ca.caFile } })
  try {
    const document = expectJson<{ archives: Record<string, { url: string }> }>(
      await send('GET', `${server.url}${MIRROR}/${origin.hostname}/bench/large/1.0.0.json`, { token: server.token }),
      200,
      'version.json',
    )
    const url = document.archives['linux_amd64']?.url ?? ''
    const archiveBytes = (await readFile(join(release.dir, release.platforms[0]?.filename ?? ''))).byteLength
    const pull = await measuredGet(server, url)
    const served = await measuredGet(server, url)
    const secondDocument = expectJson<{ archives: Record<string, { url: string }> }>(
      await send('GET', `${server.url}${MIRROR}/${origin.hostname}/bench/large/1.0.1.json`, { token: server.token }),
      200,
      'version.json',
    )
    const secondPull = await measuredGet(server, secondDocument.archives['linux_amd64']?.url ?? '')
    const provider = `${server.url}${MIRROR}/${origin.hostname}/bench/large`
    const options = { connections: plan.connections, seconds: plan.seconds, token: server.token }
    const asked = () => origin.requests.filter((path) => path.endsWith('/versions')).length
    const before = asked()
    const loads = [
      await pairedLoadTest(
        'mirror, pull-through: index.json',
        `${server.url}/`,
        { ...options, draw: () => `${provider}/index.json` },
        bareUrl,
        plan.rounds,
      ),
      await pairedLoadTest(
        'mirror, pull-through: :version.json',
        `${server.url}/`,
        { ...options, draw: () => `${provider}/1.0.0.json` },
        bareUrl,
        plan.rounds,
      ),
    ]
    return { archiveBytes, pull, served, secondPull, loads, originVersionQuestions: asked() - before }
  } finally {
    await server.stop()
    await origin.close()
    await release.dispose()
    await second.dispose()
    await key.dispose()
    await ca.dispose()
  }
}

/** One GET of `url` read as it comes and dropped (the benchmark's own memory stays out of the way), the server's RSS watched. */
async function measuredGet(server: CairnProcess, url: string): Promise<ArchiveGetMemory> {
  const baselineRss = await settled(server.pid)
  const peakFromKernel = resetPeak(server.pid)
  const sampler = new RssSampler(server.pid)
  const started = performance.now()
  const answer = await fetch(url)
  if (answer.status !== 200) throw new Error(`the archive link answered ${answer.status}: ${await answer.text()}`)
  const reader = answer.body?.getReader()
  while (reader !== undefined && !(await reader.read()).done);
  const ms = performance.now() - started
  const samples = sampler.stop()
  const after = readProcMemory(server.pid)
  const peakRss = Math.max(peakFromKernel ? after.hwm : 0, ...samples.map((sample) => sample.rss))
  return { baselineRss, peakRss, growth: peakRss - baselineRss, rssAfter: after.rss, ms: round(ms, 0), peakFromKernel }
}

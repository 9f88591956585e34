/**
 * Cairn's benchmarks (`pnpm bench`, or `node bench/run.ts [uploads] [memory] [throughput]`): not
 * tests, and never a gate. Prints tables on stdout, progress on stderr, and writes every figure to
 * bench/results/latest.json. See bench/README.md for what is measured and how.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, release, tmpdir, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { thousandFileArchive, typicalArchive, writeLargeArchive } from './archives.ts'
import { createOrganization, ORGANIZATION } from './cairn-api.ts'
import { closeConnections } from './http-client.ts'
import { benchManagement, benchReadMemory, type ManagementResult, type ReadMemoryResult } from './management.ts'
import { sequentialLatency } from './latency.ts'
import { benchMemory, benchScaling, type MemoryResult, type ScalingResult } from './memory.ts'
import { CAIRN_NODE_ARGS, startBare, startCairn, type CairnProcess, type ServerProcess } from './processes.ts'
import { benchProcessScaling, type ProcessScalingResult, type ScalingLoad } from './process-scaling.ts'
import { benchProtocol, type ProtocolResult } from './protocol.ts'
import { mb, mib, ms, progress, ratio, table } from './report.ts'
import { MiB, type Summary } from './stats.ts'
import { loadTest, seedToolVersions, type ThroughputResult } from './throughput.ts'
import { benchUploads, type UploadResult } from './uploads.ts'
import { benchVcs, gitHostWithTags, type VcsResult } from './vcs.ts'
import { benchWebPages, type WebPagesResult } from './web-pages.ts'

const SECTIONS = ['uploads', 'memory', 'throughput', 'protocol', 'management', 'read-memory', 'vcs', 'web', 'scaling'] as const
type Section = (typeof SECTIONS)[number]

const RESULTS = fileURLToPath(new URL('results/latest.json', import.meta.url))

/** How many times each thing is done; small enough for a run of a few minutes on two cores. */
const PLAN = {
  referenceRequests: 2000,
  typical: { runs: 20, warmups: 2 },
  thousandFiles: { runs: 5, warmups: 1 },
  memory: { servers: 3, runsPerServer: 2, scalingBlobs: 24 },
  toolVersions: 50,
  loadSeconds: 5,
  loadConnections: 10,
  protocol: { size: { modules: 10_000, versionsPerModule: 10 }, hotModules: 100, connections: 32, seconds: 5, rounds: 3 },
  management: { connections: 32, seconds: 5 },
  readMemory: { connections: 32, minutes: 5, periodSeconds: 30 },
  vcs: { tags: 100, uploadRuns: 10 },
  web: { size: { modules: 10_000, versionsPerModule: 10 }, requests: 300, warmup: 30 },
  scaling: { size: { modules: 10_000, versionsPerModule: 10 }, connections: 32, seconds: 5 },
} as const

interface Reference {
  /** `GET /` on the bare Hono server: the denominator of every ratio. */
  readonly bare: Summary
  /** `GET /api/v2/ping` on Cairn: the same floor plus Cairn's middleware. */
  readonly ping: Summary
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      help: { type: 'boolean', default: false },
      out: { type: 'string', default: RESULTS },
      'memory-minutes': { type: 'string', default: String(PLAN.readMemory.minutes) },
    },
  })
  if (values.help) {
    console.log(`usage: node bench/run.ts [--out file.json] [--memory-minutes n] [${SECTIONS.join('] [')}]   (every section when none is named)
  BENCH_CAIRN_NODE_ARGS="--flag …"   node options for the Cairn server processes`)
    return
  }
  const out = resolve(values.out)
  const unknown = positionals.filter((name) => !(SECTIONS as readonly string[]).includes(name))
  if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(', ')}; sections: ${SECTIONS.join(', ')}`)
  const sections = new Set<Section>(positionals.length === 0 ? SECTIONS : (positionals as Section[]))

  const report: Record<string, unknown> = { startedAt: new Date().toISOString(), machine: machine(), plan: PLAN, cairnNodeArgs: CAIRN_NODE_ARGS }
  if (CAIRN_NODE_ARGS.length > 0) console.log(`Cairn runs with node ${CAIRN_NODE_ARGS.join(' ')} (BENCH_CAIRN_NODE_ARGS)`)
  const work = await mkdtemp(join(tmpdir(), 'cairn-bench-work-'))
  try {
    if (sections.has('uploads') || sections.has('throughput')) Object.assign(report, await httpSections(sections))
    if (sections.has('memory')) report['memory'] = await memorySection(work)
    if (sections.has('protocol')) report['protocol'] = await protocolSection()
    if (sections.has('management')) report['management'] = await managementSection()
    if (sections.has('read-memory')) report['readMemory'] = await readMemorySection(Number(values['memory-minutes']))
    if (sections.has('vcs')) report['vcs'] = await vcsSection()
    if (sections.has('web')) report['web'] = await webSection()
    if (sections.has('scaling')) report['scaling'] = await scalingSection()
  } finally {
    closeConnections()
    await rm(work, { recursive: true, force: true })
  }
  report['finishedAt'] = new Date().toISOString()
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nFigures written to ${out}`)
}

/** The reference latencies, the load tests and the upload timings: one Cairn, one bare server. */
async function httpSections(sections: ReadonlySet<Section>): Promise<Record<string, unknown>> {
  progress('starting Cairn and the bare Hono server')
  const servers: ServerProcess[] = []
  try {
    const bare = await startBare()
    servers.push(bare)
    const cairn = await startCairn()
    servers.push(cairn)
    await createOrganization(cairn)

    progress('reference latencies')
    const reference: Reference = {
      bare: await sequentialLatency(`${bare.url}/`, PLAN.referenceRequests),
      ping: await sequentialLatency(`${cairn.url}/api/v2/ping`, PLAN.referenceRequests),
    }
    printReference(reference)
    const out: Record<string, unknown> = { reference }

    if (sections.has('throughput')) {
      progress(`seeding ${PLAN.toolVersions} tool versions`)
      await seedToolVersions(cairn, PLAN.toolVersions)
      const options = { connections: PLAN.loadConnections, seconds: PLAN.loadSeconds }
      const loads = [
        await loadTest('bare Hono GET /', `${bare.url}/`, options),
        await loadTest('Cairn GET /api/v2/ping', `${cairn.url}/api/v2/ping`, options),
        await loadTest(`Cairn GET /api/v2/organizations/${ORGANIZATION}`, `${cairn.url}/api/v2/organizations/${ORGANIZATION}`, {
          ...options,
          token: cairn.token,
        }),
        await loadTest('Cairn GET /api/v2/admin/tool-versions', `${cairn.url}/api/v2/admin/tool-versions`, { ...options, token: cairn.token }),
      ]
      printThroughput(loads)
      const floor = loads[0]?.requestsPerSecond ?? Number.NaN
      out['throughput'] = loads.map((load) => ({ ...load, ratioToBare: load.requestsPerSecond / floor }))
    }

    if (sections.has('uploads')) {
      const typical = await typicalArchive()
      const thousand = await thousandFileArchive()
      const uploads = [
        await benchUploads(cairn, { archive: typical, ...PLAN.typical }),
        await benchUploads(cairn, { archive: thousand, ...PLAN.thousandFiles }),
      ]
      printUploads(uploads, reference)
      out['uploads'] = uploads.map((upload) => ({
        ...upload,
        medianRatioToBare: upload.total.median / reference.bare.median,
        medianRatioToPing: upload.total.median / reference.ping.median,
      }))
    }
    return out
  } finally {
    for (const server of servers.reverse()) await server.stop()
  }
}

/** The 100 MiB upload, on fresh Cairns of their own so that nothing earlier has grown their heaps. */
async function memorySection(work: string): Promise<MemoryResult & { readonly scaling: ScalingResult }> {
  progress('writing the 100 MiB archive')
  const large = await writeLargeArchive(join(work, 'large.tar.gz'))
  const warmup = await typicalArchive()
  const result = await benchMemory(large, warmup, PLAN.memory)
  await rm(large.path)
  progress(`writing the ${PLAN.memory.scalingBlobs * 12.5} MiB archive`)
  const huge = await writeLargeArchive(join(work, 'huge.tar.gz'), PLAN.memory.scalingBlobs)
  const scaling = await benchScaling(huge, warmup)
  await rm(huge.path)
  printMemory(result, scaling)
  return { ...result, scaling }
}

/** The registry protocol on both stores, each load against the bare endpoint loaded just before it. */
async function protocolSection(): Promise<ProtocolResult[]> {
  const bare = await startBare()
  try {
    const results = [await benchProtocol('postgres', bare.url, PLAN.protocol), await benchProtocol('pglite', bare.url, PLAN.protocol)]
    printProtocol(results)
    return results
  } finally {
    await bare.stop()
  }
}

/** The authenticated management reads on both stores, each against the bare endpoint loaded just before it. */
async function managementSection(): Promise<ManagementResult[]> {
  const bare = await startBare()
  try {
    const results = [await benchManagement('postgres', bare.url, PLAN.management), await benchManagement('pglite', bare.url, PLAN.management)]
    console.log(
      table(
        `Authenticated management reads: autocannon, ${PLAN.management.connections} connections, ${PLAN.management.seconds} s`,
        ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', '÷ bare', 'non-2xx', 'errors'],
        results.flatMap((result) => [result.bare, ...result.loads].map((load) => loadRow(load === result.bare ? `${result.store}: ${load.name}` : load.name, load, result.bare))),
      ),
    )
    return results
  } finally {
    await bare.stop()
  }
}

/** The authenticated reads on one Cairn and on two behind the same PostgreSQL. */
async function scalingSection(): Promise<ProcessScalingResult> {
  const result = await benchProcessScaling(PLAN.scaling)
  const { size, connections, seconds } = PLAN.scaling
  const row = (load: ScalingLoad) => [
    load.name,
    load.one.requestsPerSecond.toFixed(0),
    String(load.one.latencyP99Ms),
    load.two.requestsPerSecond.toFixed(0),
    String(load.two.latencyP99Ms),
    ratio(load.ratio),
  ]
  console.log(
    table(
      `One process and two behind the same PostgreSQL (${size.modules} modules × ${size.versionsPerModule} versions): autocannon, ${connections} connections in all, ${seconds} s; two: half the connections on each`,
      ['load', '1: requests/s', '1: p99 ms', '2: requests/s', '2: p99 ms', '2 ÷ 1'],
      [row(result.bare), ...result.loads.map(row)],
    ),
  )
  console.log(`The machine has ${availableParallelism()} cores for the servers and the load generator: the bare endpoint's ratio is the ceiling.`)
  return result
}

/** The web UI's pages on PostgreSQL, against the bare endpoint measured just before. */
async function webSection(): Promise<WebPagesResult> {
  const bare = await startBare()
  try {
    const result = await benchWebPages(bare.url, PLAN.web)
    const { size, requests } = PLAN.web
    console.log(
      table(
        `Web UI on PostgreSQL: ${size.modules} modules × ${size.versionsPerModule} versions, time to first byte, ${requests} requests one at a time (ms)`,
        ['page', 'median', 'p95', 'max', 'KiB', '× bare'],
        [
          ['bare Hono GET /', ms(result.bare.median), ms(result.bare.p95), ms(result.bare.max), '', '1'],
          ...result.pages.map((p) => [p.name, ms(p.ttfb.median), ms(p.ttfb.p95), ms(p.ttfb.max), (p.bytes / 1024).toFixed(1), ratio(p.ratioToBare)]),
        ],
      ),
    )
    return result
  } finally {
    await bare.stop()
  }
}

/** The server's RSS under minutes of mixed management reads, on both stores. */
async function readMemorySection(minutes: number): Promise<ReadMemoryResult[]> {
  if (!(minutes >= 1)) throw new Error('--memory-minutes must be at least 1 (the growth is taken from the end of the first minute)')
  const plan = { ...PLAN.readMemory, minutes }
  const results = [await benchReadMemory('postgres', plan), await benchReadMemory('pglite', plan)]
  console.log(
    table(
      `Server RSS (MiB) under ${minutes} min of the mixed management reads, ${plan.connections} connections`,
      ['store', 'started', 'seeded', 'after 1 min', `after ${minutes} min`, 'growth', 'max', 'requests/s', 'within 64 MiB'],
      results.map((result) => [
        result.store,
        mib(result.startedRss),
        mib(result.idleRss),
        mib(result.afterFirstMinuteRss),
        mib(result.finalRss),
        mib(result.growth),
        mib(Math.max(...result.series.map(([, rss]) => rss))),
        result.requestsPerSecond.toFixed(0),
        result.growth <= 64 * MiB ? 'yes' : 'NO',
      ]),
    ),
  )
  return results
}

function loadRow(name: string, load: ThroughputResult, bare: ThroughputResult): string[] {
  return [
    name,
    load.requestsPerSecond.toFixed(0),
    String(load.latencyP50Ms),
    String(load.latencyP99Ms),
    ratio(load.requestsPerSecond / bare.requestsPerSecond),
    String(load.non2xx),
    String(load.errors),
  ]
}

/** A repository of 100 semver tags published from git, on a fresh Cairn of its own. */
async function vcsSection(): Promise<VcsResult> {
  // Built first: a repository of 100 tags takes long enough for Cairn's idle connections to close.
  const git = await gitHostWithTags(PLAN.vcs.tags)
  let cairn: CairnProcess | undefined
  try {
    progress('starting Cairn for the VCS section')
    // The git host is on loopback, which Cairn's git client reaches only when allowed.
    cairn = await startCairn({ env: { CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1' } })
    await createOrganization(cairn)
    const result = await benchVcs(cairn, git, { ...PLAN.vcs, typical: await typicalArchive() })
    console.log(
      table(
        `Publishing from git: ${result.tags} semver tags of the network module, git http-backend on loopback, until every version is ok`,
        ['tags', 'wall s', 'per tag ms', 'upload median ms', 'per tag ÷ upload', 'baseline RSS MiB', 'peak RSS MiB'],
        [[String(result.tags), (result.wallMs / 1000).toFixed(1), ms(result.perTagMs), ms(result.upload.median), ratio(result.perTagOverUpload), mib(result.baselineRss), mib(result.peakRss)]],
      ),
    )
    console.log(`Upload path: ${result.upload.n} versions of the same module, POST …/versions, PUT, read until ok. Peak from VmHWM: ${result.peakFromKernel ? 'yes' : 'no, samples only'}.`)
    return result
  } finally {
    await cairn?.stop()
    await git.close()
  }
}

function printProtocol(results: readonly ProtocolResult[]): void {
  const { size, connections, seconds, rounds } = PLAN.protocol
  console.log(
    table(
      `Registry protocol: ${size.modules} modules × ${size.versionsPerModule} versions, autocannon, ${connections} connections, ${seconds} s, a random module per request; each load ${rounds} times right after the bare endpoint, the round of the median ratio shown`,
      ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', '÷ bare', 'rounds ÷ bare', 'rounds p99 ms', 'bare requests/s', 'bare p99 ms', 'non-2xx', 'errors'],
      results.flatMap((result) =>
        result.loads.map((load) => [
          load.name,
          load.requestsPerSecond.toFixed(0),
          String(load.latencyP50Ms),
          String(load.latencyP99Ms),
          ratio(load.ratioToBare),
          `${ratio(load.ratioRange[0])}–${ratio(load.ratioRange[1])}`,
          `${load.p99Range[0]}–${load.p99Range[1]}`,
          load.bare.requestsPerSecond.toFixed(0),
          String(load.bare.latencyP99Ms),
          String(load.non2xx),
          String(load.errors),
        ]),
      ),
    ),
  )
  console.log(`Every module's versions asked once before the loads (a cold cache filled): ${results.map((result) => `${result.store} ${result.warming.seconds.toFixed(1)} s, ${Math.round(result.warming.requestsPerSecond)} requests/s`).join(', ')}`)
  console.log(`Server RSS after the loads over every module: ${results.map((result) => `${result.store} ${(result.rssAfterRandom / MiB).toFixed(1)} MiB`).join(', ')}`)
}

function printReference(reference: Reference): void {
  const row = (name: string, s: Summary) => [name, String(s.n), ms(s.median), ms(s.p95), ms(s.min), ms(s.max)]
  console.log(
    table('Reference: one request at a time over a kept-alive connection (ms)', ['endpoint', 'n', 'median', 'p95', 'min', 'max'], [
      row('bare Hono GET / (separate process)', reference.bare),
      row('Cairn GET /api/v2/ping', reference.ping),
    ]),
  )
}

function printUploads(uploads: readonly UploadResult[], reference: Reference): void {
  console.log(
    table(
      'Upload plus analysis, end to end: POST …/versions, PUT links.upload, reply status ok (ms)',
      ['module', 'archive', 'n', 'median', 'p95', 'min', 'max', '× bare', '× ping', 'POST', 'PUT'],
      uploads.map((u) => [
        `${u.name} (${u.files} files)`,
        `${(u.archiveBytes / 1024).toFixed(1)} KiB`,
        String(u.total.n),
        ms(u.total.median),
        ms(u.total.p95),
        ms(u.total.min),
        ms(u.total.max),
        ratio(u.total.median / reference.bare.median),
        ratio(u.total.median / reference.ping.median),
        ms(u.create.median),
        ms(u.upload.median),
      ]),
    ),
  )
  console.log('× bare, × ping: the median over the median of the reference; POST, PUT: medians of the two requests.')
  console.log(`Warm-up uploads, not counted (the first loads the HCL parser): ${uploads.map((u) => `${u.name} ${u.warmupMs.map(ms).join(', ')} ms`).join('; ')}`)
}

function printMemory(result: MemoryResult, scaling: ScalingResult): void {
  console.log(
    table(
      `Server memory while a ${mib(result.archive.size)} MiB archive is uploaded (MiB; resident set size of the server process)`,
      ['server', 'run', 'baseline', 'peak', 'growth', 'peak sending', 'peak after', 'PUT s', 'MiB/s', 'client growth'],
      result.servers.flatMap((server, s) =>
        server.runs.map((run, i) => [
          i === 0 ? `${s + 1} (idle ${mib(server.idleRss)}, warm ${mib(server.warmRss)})` : '',
          String(i + 1),
          mib(run.baselineRss),
          mib(run.peakRss),
          mib(run.growth),
          mib(run.peakWhileSending),
          mib(run.peakAfterSent),
          (run.uploadMs / 1000).toFixed(2),
          run.mibPerSecond.toFixed(1),
          mib(run.clientGrowth),
        ]),
      ),
    ),
  )
  const runs = result.servers.flatMap((server) => server.runs)
  console.log(
    `Worst growth ${mib(result.worstGrowth)} MiB (${mb(result.worstGrowth)} MB) against a limit of ${result.limitBytes / MiB} MiB` +
      ` (${mb(result.limitBytes)} MB): ${result.pass ? 'PASS' : 'FAIL'}` +
      ` (median of the first uploads ${mib(result.firstUploadGrowth.median)} MiB; peak from VmHWM: ${runs.every((run) => run.peakFromKernel) ? 'yes' : 'no, samples only'})`,
  )
  const huge = scaling.server.runs[0]
  if (huge !== undefined) {
    console.log(
      `Scaling: a ${mib(scaling.archive.size)} MiB archive (CAIRN_ARCHIVE_MAX_BYTES=${scaling.env['CAIRN_ARCHIVE_MAX_BYTES']}) grows a fresh server by` +
        ` ${mib(huge.growth)} MiB (baseline ${mib(huge.baselineRss)}, peak ${mib(huge.peakRss)}, PUT ${(huge.uploadMs / 1000).toFixed(2)} s).`,
    )
  }
}

function printThroughput(loads: readonly ThroughputResult[]): void {
  const floor = loads[0]?.requestsPerSecond ?? Number.NaN
  console.log(
    table(
      `Throughput: autocannon, ${PLAN.loadConnections} connections, ${PLAN.loadSeconds} s after 1 s of warm-up`,
      ['endpoint', 'requests/s', 'mean ms', 'p50 ms', 'p99 ms', '÷ bare', 'non-2xx', 'errors'],
      loads.map((load) => [
        load.name,
        load.requestsPerSecond.toFixed(0),
        ms(load.latencyMeanMs),
        String(load.latencyP50Ms),
        String(load.latencyP99Ms),
        ratio(load.requestsPerSecond / floor),
        String(load.non2xx),
        String(load.errors),
      ]),
    ),
  )
}

function machine() {
  return {
    cpus: cpus().length,
    availableParallelism: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    totalMemoryMiB: Math.round(totalmem() / MiB),
    kernel: release(),
    node: process.version,
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

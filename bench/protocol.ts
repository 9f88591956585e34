import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { typicalArchive } from './archives.ts'
import { createModule, createOrganization, ORGANIZATION, publishVersion } from './cairn-api.ts'
import { expectJson, send } from './http-client.ts'
import { loadCostMeter, type LoadCost } from './load-cost.ts'
import { readProcMemory } from './proc-memory.ts'
import { startCairn, type CairnProcess } from './processes.ts'
import { moduleName, scratchPostgres, seedPglite, seedPostgres, seedStatements, type DatasetSize } from './protocol-dataset.ts'
import { progress } from './report.ts'
import { BENCH_METRICS_TOKEN, scrapeMetrics } from './server-metrics-scrape.ts'
import { loadTest, pairedLoadTest, type LoadOptions, type PairedResult, type ThroughputResult } from './throughput.ts'

export type StoreKind = 'postgres' | 'pglite'

export interface ProtocolResult {
  readonly store: StoreKind
  readonly size: DatasetSize
  /** Each with its CPU per request (`LoadCost`). */
  readonly loads: readonly (PairedResult & LoadCost)[]
  /** Asking each module's versions once, before the loads: how fast a cold cache is filled. */
  readonly warming: { readonly seconds: number; readonly requestsPerSecond: number }
  /** The server's resident set after the loads over every module, in bytes: what its caches took of them shows here. */
  readonly rssAfterRandom: number
  /** The server's resident set right after it started, before any request, in bytes. */
  readonly rssIdle: number
  /** Random `versions` and `download` loads, alternating, for `minutes` (when the plan asks for them): the RSS after each. */
  readonly sustained?: { readonly minutes: number; readonly requestsPerSecond: number; readonly rss: readonly number[] }
  /** The server's heap and caches at the end (`/metrics`): what its memory is made of. */
  readonly metrics: Record<string, number>
  /** Its heap right after it started. */
  readonly metricsIdle: Record<string, number>
}

const PREFIX = '/api/registry/v1/modules'

/** What `/metrics` says of the server's memory: V8's heap, the buffers outside it, the RSS. */
const MEMORY_METRICS = ['nodejs_heap_size', 'nodejs_external', 'process_resident']

/**
 * The registry protocol's hottest reads — `versions`, `download` and a version's details — over
 * a registry of `size.modules` × `size.versionsPerModule` ok versions, each request for a module
 * drawn at random, each load `plan.rounds` times against the bare endpoint measured just before it.
 */
export async function benchProtocol(
  store: StoreKind,
  bareUrl: string,
  plan: {
    readonly size: DatasetSize
    readonly hotModules: number
    readonly connections: number
    readonly seconds: number
    readonly rounds: number
    /** Minutes of random loads after the others, the server's RSS read after each 30 s; none when 0 or absent. */
    readonly sustainMinutes?: number
  },
): Promise<ProtocolResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cairn-bench-protocol-'))
  const postgres = store === 'postgres' ? await scratchPostgres() : undefined
  const env = { CAIRN_METRICS_TOKEN: BENCH_METRICS_TOKEN, ...(postgres !== undefined && { DATABASE_URL: postgres.url }) }
  let cairn: CairnProcess | undefined
  try {
    cairn = await startCairn({ dataDir, env })
    const rssIdle = readProcMemory(cairn.pid).rss
    const metricsIdle = await scrapeMetrics(cairn.url, MEMORY_METRICS)
    await createOrganization(cairn)
    await publishVersion(cairn, await createModule(cairn, 'template'), '0.0.1', (await typicalArchive()).bytes)
    progress(`seeding ${plan.size.modules} modules × ${plan.size.versionsPerModule} versions on ${store}`)
    // Past 10,000 modules the copies carry no metadata (a version's details then show none):
    // 1,000,000 copies of its TOASTed JSON would take the seed many minutes, and the protocol's
    // `versions` and `download` read the requirements column only, never the metadata.
    const statements = seedStatements(ORGANIZATION, plan.size, { metadata: plan.size.modules <= 10_000 })
    if (postgres !== undefined) {
      await seedPostgres(postgres.url, statements)
    } else {
      // The embedded database takes one process at a time: seed it between two servers.
      const { token } = cairn
      await cairn.stop()
      await seedPglite(dataDir, statements)
      cairn = await startCairn({ dataDir, env, token })
    }
    const warming = await warmProtocolCache(cairn, plan.size.modules)
    const options = { connections: plan.connections, seconds: plan.seconds }
    const { url, token } = cairn
    const authenticated = { ...options, token }
    const { pid } = cairn
    const measure = async (name: string, load: LoadOptions) => {
      const cost = loadCostMeter(pid, postgres?.url)
      const paired = await pairedLoadTest(name, url, { ...load, around: cost.around }, `${bareUrl}/`, plan.rounds)
      return { ...paired, ...cost.perRequest() }
    }
    const random = () => `${PREFIX}/${ORGANIZATION}/${moduleName(Math.floor(Math.random() * plan.size.modules))}/aws`
    const hot = () => `${PREFIX}/${ORGANIZATION}/${moduleName(Math.floor(Math.random() * plan.hotModules))}/aws`
    const anyVersion = () => `1.${Math.floor(Math.random() * plan.size.versionsPerModule)}.0`
    const randomLoads = [
      await measure(`${store}: versions`, { ...authenticated, draw: () => `${random()}/versions` }),
      await measure(`${store}: download`, { ...authenticated, draw: () => `${random()}/${anyVersion()}/download` }),
      await measure(`${store}: module version details`, { ...authenticated, draw: () => `${random()}/${anyVersion()}` }),
    ]
    const rssAfterRandom = readProcMemory(cairn.pid).rss
    const loads = [
      ...randomLoads,
      // Pipelines mostly init the same few modules: the same reads over a hot set of them.
      await measure(`${store}: versions, ${plan.hotModules} hot modules`, { ...authenticated, draw: () => `${hot()}/versions` }),
      await measure(`${store}: download, ${plan.hotModules} hot modules`, {
        ...authenticated,
        draw: () => `${hot()}/${anyVersion()}/download`,
      }),
    ]
    const sustained =
      plan.sustainMinutes === undefined || plan.sustainMinutes === 0
        ? undefined
        : await sustain(cairn, plan.sustainMinutes, {
            ...authenticated,
            versions: () => `${random()}/versions`,
            download: () => `${random()}/${anyVersion()}/download`,
          })
    const metrics = await scrapeMetrics(cairn.url, [...MEMORY_METRICS, 'cairn_cache_'])
    // A fast 404 is no measurement: every answer must be the endpoint's success.
    const failing = [...loads, ...(sustained?.loads ?? [])].filter((load) => load.non2xx > 0 || load.errors > 0)
    if (failing.length > 0) throw new Error(`answers other than success from ${failing.map((load) => load.name).join(', ')}`)
    return {
      store,
      size: plan.size,
      warming,
      rssIdle,
      rssAfterRandom,
      loads,
      metrics,
      metricsIdle,
      ...(sustained !== undefined && {
        sustained: { minutes: plan.sustainMinutes ?? 0, requestsPerSecond: sustained.requestsPerSecond, rss: sustained.rss },
      }),
    }
  } finally {
    await cairn?.stop()
    await postgres?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** How long each load of the sustained phase runs. */
const SUSTAIN_LOAD_SECONDS = 30

/**
 * Random `versions` and `download` loads, 30 s each in turn, for `minutes`: whether the server's
 * RSS stays bounded while its caches turn over (the registry being larger than their bound).
 */
async function sustain(
  cairn: CairnProcess,
  minutes: number,
  options: { readonly token: string; readonly connections: number; readonly versions: () => string; readonly download: () => string },
) {
  progress(`random versions and download loads for ${minutes} minutes`)
  const loads: ThroughputResult[] = []
  const rss: number[] = []
  const rounds = Math.max(1, Math.round((minutes * 60) / SUSTAIN_LOAD_SECONDS))
  for (let round = 0; round < rounds; round++) {
    const draw = round % 2 === 0 ? options.versions : options.download
    loads.push(
      await loadTest(`sustained ${round % 2 === 0 ? 'versions' : 'download'}`, cairn.url, {
        ...options,
        seconds: SUSTAIN_LOAD_SECONDS,
        draw,
      }),
    )
    rss.push(readProcMemory(cairn.pid).rss)
  }
  const requestsPerSecond = loads.reduce((sum, load) => sum + load.requestsPerSecond, 0) / loads.length
  return { loads, rss, requestsPerSecond }
}

/** How many requests the warming keeps in flight. */
const WARMING_CONNECTIONS = 16

/**
 * Asks every module's versions once, as the pipelines of a registry in service have asked them,
 * so that the loads measure the steady state of a server whose protocol cache holds the registry
 * rather than the cache being filled (which this times).
 */
async function warmProtocolCache(cairn: CairnProcess, modules: number): Promise<ProtocolResult['warming']> {
  progress(`asking each of the ${modules} modules' versions once`)
  const started = performance.now()
  let next = 0
  const worker = async () => {
    for (let i = next++; i < modules; i = next++) {
      expectJson(
        await send('GET', `${cairn.url}${PREFIX}/${ORGANIZATION}/${moduleName(i)}/aws/versions`, { token: cairn.token }),
        200,
        `versions of ${moduleName(i)}`,
      )
    }
  }
  await Promise.all(Array.from({ length: WARMING_CONNECTIONS }, worker))
  const seconds = (performance.now() - started) / 1000
  progress(`warmed in ${seconds.toFixed(1)} s`)
  return { seconds, requestsPerSecond: modules / seconds }
}

import { createModule, createOrganization, ORGANIZATION } from './cairn-api.ts'
import { readProcMemory } from './proc-memory.ts'
import { startCairn, type CairnProcess } from './processes.ts'
import type { StoreKind } from './protocol.ts'
import { scratchPostgres } from './protocol-dataset.ts'
import { progress } from './report.ts'
import { loadTest, seedToolVersions, type ThroughputResult } from './throughput.ts'

/** The authenticated management reads the targets name (bench/README.md), each with what it lists. */
const READS = [
  { name: 'GET /api/v2/admin/tool-versions (50 rows, page of 20)', path: '/api/v2/admin/tool-versions' },
  { name: `GET /api/v2/organizations/${ORGANIZATION}`, path: `/api/v2/organizations/${ORGANIZATION}` },
  {
    name: `GET /api/v2/organizations/${ORGANIZATION}/registry-modules (30 modules)`,
    path: `/api/v2/organizations/${ORGANIZATION}/registry-modules`,
  },
] as const

const TOOL_VERSIONS = 50
const MODULES = 30

/** How long a server is left alone after it starts before its idle RSS is read. */
const IDLE_SETTLE_MS = 5_000

/** What the management reads list: 50 tool versions, the organization, 30 modules. */
export async function seedManagementReads(cairn: CairnProcess): Promise<void> {
  await seedToolVersions(cairn, TOOL_VERSIONS)
  await createOrganization(cairn)
  for (let i = 0; i < MODULES; i++) await createModule(cairn, `mod${String(i).padStart(2, '0')}`)
}

/** A Cairn on `store` with the management reads' data: 50 tool versions, the organization, 30 modules. */
async function seededCairn(
  store: StoreKind,
): Promise<{ readonly cairn: CairnProcess; readonly startedRss: number; readonly stop: () => Promise<void> }> {
  const postgres = store === 'postgres' ? await scratchPostgres() : undefined
  try {
    const cairn = await startCairn({ env: postgres === undefined ? {} : { DATABASE_URL: postgres.url } })
    // Past the start-up spike (PGlite's), as an operator would see it idle.
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS))
    const startedRss = readProcMemory(cairn.pid).rss
    const stop = async () => {
      await cairn.stop()
      await postgres?.drop()
    }
    try {
      progress(`seeding ${TOOL_VERSIONS} tool versions, the organization and ${MODULES} modules on ${store}`)
      await seedManagementReads(cairn)
      return { cairn, startedRss, stop }
    } catch (error) {
      await stop()
      throw error
    }
  } catch (error) {
    await postgres?.drop()
    throw error
  }
}

/** Each request the next of the three reads, round robin: the mixed load. */
export function mixedManagementReads(): () => string {
  let next = 0
  return () => READS[next++ % READS.length]?.path ?? '/'
}

/**
 * `paths` with a query no route reads, new for each request: every request misses the answer
 * cache and runs its handler, as every request did before the cache (the miss path).
 */
export function missingAnswers(paths: () => string): () => string {
  let next = 0
  return () => `${paths()}?miss=${next++}`
}

export interface ManagementResult {
  readonly store: StoreKind
  readonly bare: ThroughputResult
  readonly loads: readonly (ThroughputResult & { readonly ratioToBare: number })[]
}

/**
 * The three authenticated management reads, one at a time and then mixed, against the bare
 * endpoint loaded just before them on the same machine: first as clients repeat them (the answer
 * cache's hit path), then each request asking something new (its miss path).
 */
export async function benchManagement(
  store: StoreKind,
  bareUrl: string,
  plan: { readonly connections: number; readonly seconds: number },
): Promise<ManagementResult> {
  const { cairn, stop } = await seededCairn(store)
  try {
    const options = { connections: plan.connections, seconds: plan.seconds, token: cairn.token }
    const bare = await loadTest('bare Hono GET /', `${bareUrl}/`, plan)
    const loads = []
    for (const read of READS) loads.push(await loadTest(`${store}: ${read.name}`, `${cairn.url}${read.path}`, options))
    loads.push(await loadTest(`${store}: the three mixed`, cairn.url, { ...options, draw: mixedManagementReads() }))
    // The answer cache serves every load above from its second request on; these show the reads themselves.
    for (const read of READS)
      loads.push(
        await loadTest(`${store}: ${read.name}, every request a miss`, cairn.url, { ...options, path: missingAnswers(() => read.path) }),
      )
    loads.push(
      await loadTest(`${store}: the three mixed, every request a miss`, cairn.url, {
        ...options,
        path: missingAnswers(mixedManagementReads()),
      }),
    )
    const failing = loads.filter((load) => load.non2xx > 0 || load.errors > 0)
    if (failing.length > 0) throw new Error(`answers other than success from ${failing.map((load) => load.name).join(', ')}`)
    return { store, bare, loads: loads.map((load) => ({ ...load, ratioToBare: load.requestsPerSecond / bare.requestsPerSecond })) }
  } finally {
    await stop()
  }
}

export interface ReadMemoryResult {
  readonly store: StoreKind
  /** RSS of the server idle: `IDLE_SETTLE_MS` after it started listening, before anything was asked of it, in bytes. */
  readonly startedRss: number
  /** RSS of the server after seeding, before any load, in bytes. */
  readonly idleRss: number
  /** RSS at the end of each load period: `[seconds since the load started, bytes]`. */
  readonly series: readonly (readonly [number, number])[]
  readonly afterFirstMinuteRss: number
  readonly finalRss: number
  /** finalRss − afterFirstMinuteRss, against the 64 MiB bound. */
  readonly growth: number
  readonly requestsPerSecond: number
}

/**
 * The mixed management reads for `minutes`, in periods of `periodSeconds`, reading the server's
 * RSS after each: does it plateau after the first minute?
 */
export async function benchReadMemory(
  store: StoreKind,
  plan: { readonly connections: number; readonly minutes: number; readonly periodSeconds: number },
): Promise<ReadMemoryResult> {
  const { cairn, startedRss, stop } = await seededCairn(store)
  try {
    const idleRss = readProcMemory(cairn.pid).rss
    const series: [number, number][] = []
    const draw = mixedManagementReads()
    const periods = Math.round((plan.minutes * 60) / plan.periodSeconds)
    let requests = 0
    for (let period = 1; period <= periods; period++) {
      const load = await loadTest(`${store}: mixed reads, ${period * plan.periodSeconds} s`, cairn.url, {
        connections: plan.connections,
        seconds: plan.periodSeconds,
        token: cairn.token,
        draw,
      })
      if (load.non2xx > 0 || load.errors > 0) throw new Error(`answers other than success under the mixed load on ${store}`)
      requests += load.requestsPerSecond * plan.periodSeconds
      series.push([period * plan.periodSeconds, readProcMemory(cairn.pid).rss])
    }
    const at = (seconds: number) => series.find(([t]) => t >= seconds)?.[1] ?? Number.NaN
    const afterFirstMinuteRss = at(60)
    const finalRss = series.at(-1)?.[1] ?? Number.NaN
    return {
      store,
      startedRss,
      idleRss,
      series,
      afterFirstMinuteRss,
      finalRss,
      growth: finalRss - afterFirstMinuteRss,
      requestsPerSecond: requests / (periods * plan.periodSeconds),
    }
  } finally {
    await stop()
  }
}

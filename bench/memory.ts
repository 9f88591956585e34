import { createReadStream } from 'node:fs'
import type { Archive, LargeArchive } from './archives.ts'
import { createModule, createOrganization, publishVersion } from './cairn-api.ts'
import { maxGapMs, readProcMemory, resetPeak, RssSampler, type Sample } from './proc-memory.ts'
import { startCairn, type CairnProcess } from './processes.ts'
import { progress } from './report.ts'
import { MiB, round, summarize, type Summary } from './stats.ts'

/** The target of the issue: a streamed 100 MB upload grows the server by less than this (read as MiB). */
export const GROWTH_LIMIT_BYTES = 64 * MiB

export interface MemoryRun {
  /** The server's resident set size right before the PUT. */
  readonly baselineRss: number
  /** The highest of the kernel's `VmHWM` (reset before the PUT) and every sample. */
  readonly peakRss: number
  readonly growth: number
  /** Peak while the client was still sending the body, and after it (storage flush, analysis). */
  readonly peakWhileSending: number
  readonly peakAfterSent: number
  /** `RssAnon` at the highest sample: heaps and buffers rather than mapped code. */
  readonly rssAnonAtPeak: number
  readonly rssAfter: number
  readonly bodySentMs: number
  readonly uploadMs: number
  readonly mibPerSecond: number
  /** This process's own growth: the client streams too. */
  readonly clientGrowth: number
  readonly samples: number
  readonly maxSampleGapMs: number
  readonly peakFromKernel: boolean
}

export interface MemoryServer {
  /** The server's resident set size once started and settled, and after the warm-up upload. */
  readonly idleRss: number
  readonly warmRss: number
  readonly runs: readonly MemoryRun[]
}

export interface MemoryResult {
  readonly archive: Omit<LargeArchive, 'path'>
  readonly limitBytes: number
  /** One fresh server each; the first large upload of a server is the one that grows it most. */
  readonly servers: readonly MemoryServer[]
  readonly firstUploadGrowth: Summary
  readonly worstGrowth: number
  readonly pass: boolean
}

export interface MemoryPlan {
  readonly servers: number
  readonly runsPerServer: number
}

/**
 * Uploads the large archive `runsPerServer` times to each of `servers` fresh Cairn processes,
 * each of which has first published the typical module (loading the HCL parser and warming the
 * stream machinery, which is not what is measured), watching the server's resident set size
 * through `/proc/<pid>/status`.
 */
export async function benchMemory(large: LargeArchive, warmup: Archive, plan: MemoryPlan): Promise<MemoryResult> {
  const servers: MemoryServer[] = []
  for (let i = 0; i < plan.servers; i++) {
    progress(`memory: starting fresh Cairn ${i + 1}/${plan.servers}`)
    const server = await startCairn()
    try {
      await createOrganization(server)
      servers.push(await measureServer(server, large, warmup, plan.runsPerServer))
    } finally {
      await server.stop()
    }
  }
  const growths = servers.flatMap((server) => server.runs.map((run) => run.growth))
  const worstGrowth = Math.max(...growths)
  const { path: _path, ...archive } = large
  return {
    archive,
    limitBytes: GROWTH_LIMIT_BYTES,
    servers,
    firstUploadGrowth: summarize(servers.map((server) => server.runs[0]?.growth ?? Number.NaN)),
    worstGrowth,
    pass: worstGrowth < GROWTH_LIMIT_BYTES,
  }
}

/** What a far larger archive grows a fresh server by: if the upload streams, about as much. */
export interface ScalingResult {
  readonly archive: Omit<LargeArchive, 'path'>
  readonly env: Readonly<Record<string, string>>
  readonly server: MemoryServer
}

/**
 * One upload of `huge` to a fresh server whose archive limit is raised to let it in (no other
 * setting changes). A server that held the archive would grow with it; a streaming one does not.
 */
export async function benchScaling(huge: LargeArchive, warmup: Archive): Promise<ScalingResult> {
  const env = { CAIRN_ARCHIVE_MAX_BYTES: String(1024 * MiB) }
  progress(`memory: starting a fresh Cairn for the ${Math.round(huge.size / MiB)} MiB archive`)
  const server = await startCairn({ env })
  try {
    await createOrganization(server)
    const { path: _path, ...archive } = huge
    return { archive, env, server: await measureServer(server, huge, warmup, 1) }
  } finally {
    await server.stop()
  }
}

/**
 * Waits until the server's resident set size holds still (within 1 MiB over 300 ms), for at most
 * ten seconds: right after it starts listening, Cairn briefly takes some 400 MiB more than it
 * keeps, and a baseline read during that would mean nothing.
 */
export async function settled(pid: number): Promise<number> {
  let previous = readProcMemory(pid).rss
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 300))
    const current = readProcMemory(pid).rss
    if (Math.abs(current - previous) < MiB) return current
    previous = current
  }
  return previous
}

async function measureServer(server: CairnProcess, large: LargeArchive, warmup: Archive, runs: number): Promise<MemoryServer> {
  const idleRss = await settled(server.pid)
  const warm = await createModule(server, 'warmup')
  await publishVersion(server, warm, '1.0.0', warmup.bytes)
  const warmRss = await settled(server.pid)
  const modulePath = await createModule(server, 'large')
  const results: MemoryRun[] = []
  for (let i = 0; i < runs; i++) {
    results.push(await measureUpload(server, modulePath, `1.0.${i}`, large))
    progress(
      `memory: ${Math.round(large.size / MiB)} MiB upload ${i + 1}/${runs}: growth ${((results.at(-1)?.growth ?? 0) / MiB).toFixed(1)} MiB`,
    )
  }
  return { idleRss, warmRss, runs: results }
}

async function measureUpload(server: CairnProcess, modulePath: string, version: string, large: LargeArchive): Promise<MemoryRun> {
  // Let the server settle after the previous request (a reply is sent before it has cleaned up).
  await new Promise((resolve) => setTimeout(resolve, 500))
  let sampler: RssSampler | undefined
  let baselineRss = 0
  let clientBaseline = 0
  let peakFromKernel = false
  let bodySentMs = Number.NaN
  const published = await publishVersion(
    server,
    modulePath,
    version,
    { size: large.size, open: () => createReadStream(large.path, { highWaterMark: 64 * 1024 }) },
    {
      beforeUpload: () => {
        baselineRss = readProcMemory(server.pid).rss
        clientBaseline = process.memoryUsage.rss()
        peakFromKernel = resetPeak(server.pid)
        sampler = new RssSampler(server.pid)
      },
      onBodySent: () => {
        bodySentMs = sampler?.now() ?? Number.NaN
      },
    },
  )
  const samples = sampler?.stop() ?? []
  const after = readProcMemory(server.pid)
  const clientPeak = samples.reduce((peak, sample) => Math.max(peak, sample.client), 0)
  const highest = samples.reduce<Sample | undefined>(
    (best, sample) => (best === undefined || sample.rss > best.rss ? sample : best),
    undefined,
  )
  const peakOf = (selected: readonly Sample[]): number => selected.reduce((peak, sample) => Math.max(peak, sample.rss), 0)
  const peakRss = Math.max(peakFromKernel ? after.hwm : 0, highest?.rss ?? 0)
  return {
    baselineRss,
    peakRss,
    growth: peakRss - baselineRss,
    peakWhileSending: peakOf(samples.filter((sample) => sample.t <= bodySentMs)),
    peakAfterSent: peakOf(samples.filter((sample) => sample.t > bodySentMs)),
    rssAnonAtPeak: highest?.rssAnon ?? 0,
    rssAfter: after.rss,
    bodySentMs: round(bodySentMs, 1),
    uploadMs: round(published.uploadMs, 1),
    mibPerSecond: round(large.size / MiB / (published.uploadMs / 1000), 1),
    clientGrowth: Math.max(0, clientPeak - clientBaseline),
    samples: samples.length,
    maxSampleGapMs: round(maxGapMs(samples), 1),
    peakFromKernel,
  }
}

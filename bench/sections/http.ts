import { thousandFileArchive, typicalArchive } from '../archives.ts'
import { createOrganization, ORGANIZATION } from '../cairn-api.ts'
import { sequentialLatency } from '../latency.ts'
import { PLAN, type Section } from '../plan.ts'
import { startBare, startCairn, type ServerProcess } from '../processes.ts'
import { ms, progress, ratio, table } from '../report.ts'
import type { Summary } from '../stats.ts'
import { loadTest, seedToolVersions, type ThroughputResult } from '../throughput.ts'
import { benchUploads, type UploadResult } from '../uploads.ts'

interface Reference {
  /** `GET /` on the bare Hono server: the denominator of every ratio. */
  readonly bare: Summary
  /** `GET /api/v2/ping` on Cairn: the same floor plus Cairn's middleware. */
  readonly ping: Summary
}

/** The reference latencies, the load tests and the upload timings: one Cairn, one bare server. */
export async function httpSections(sections: ReadonlySet<Section>): Promise<Record<string, unknown>> {
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
        await loadTest('Cairn GET /api/v2/admin/tool-versions', `${cairn.url}/api/v2/admin/tool-versions`, {
          ...options,
          token: cairn.token,
        }),
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

function printReference(reference: Reference): void {
  const row = (name: string, s: Summary) => [name, String(s.n), ms(s.median), ms(s.p95), ms(s.min), ms(s.max)]
  console.log(
    table(
      'Reference: one request at a time over a kept-alive connection (ms)',
      ['endpoint', 'n', 'median', 'p95', 'min', 'max'],
      [row('bare Hono GET / (separate process)', reference.bare), row('Cairn GET /api/v2/ping', reference.ping)],
    ),
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
  console.log(
    `Warm-up uploads, not counted (the first loads the HCL parser): ${uploads.map((u) => `${u.name} ${u.warmupMs.map(ms).join(', ')} ms`).join('; ')}`,
  )
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

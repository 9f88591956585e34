import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { benchProviderProtocol, type ProviderProtocolResult } from '../provider-protocol.ts'
import { benchBinaryUpload, type BinaryUploadResult } from '../provider-upload-memory.ts'
import { mib, PAIRED_HEADERS, pairedRow, table } from '../report.ts'
import { MiB } from '../stats.ts'

/**
 * The private provider registry (issue 33): its protocol reads on PostgreSQL against the bare
 * endpoint, what each request costs the server, and the memory a large binary's upload takes.
 */
export async function providersSection(work: string): Promise<ProviderProtocolResult & { readonly binaryUpload: BinaryUploadResult }> {
  const bare = await startBare()
  let protocol: ProviderProtocolResult
  try {
    protocol = await benchProviderProtocol(bare.url, PLAN.providers)
  } finally {
    await bare.stop()
  }
  printProtocol(protocol)
  const binaryUpload = await benchBinaryUpload(work, PLAN.providers.binaryMiB * MiB, PLAN.providers.binaryRuns)
  printUpload(binaryUpload)
  return { ...protocol, binaryUpload }
}

function printProtocol(result: ProviderProtocolResult): void {
  const { size, connections, seconds, rounds } = PLAN.providers
  console.log(
    table(
      `Provider registry protocol, PostgreSQL: ${size.providers} providers × ${size.versionsPerProvider} versions × ${size.platforms.length} platforms (seeded over the API in ${result.seedSeconds.toFixed(0)} s), autocannon, ${connections} connections, ${seconds} s, a random provider and version per request; each load ${rounds} times right after the bare endpoint, the round of the median ratio shown`,
      PAIRED_HEADERS,
      result.loads.map(pairedRow),
    ),
  )
  const perTable = (values: Readonly<Record<string, number>>) =>
    Object.entries(values)
      .map(([name, value]) => `${name} ${value.toFixed(2)}`)
      .join(', ') || '—'
  console.log(
    table(
      'Per request, over one more run of each load: server CPU (user + system, /proc) and PostgreSQL work (pg_stat_database, pg_stat_user_tables)',
      ['endpoint', 'requests', 'CPU µs', 'commits', 'scans per table', 'rows written per table'],
      result.costs.map((cost) => [
        cost.name,
        String(cost.requests),
        cost.cpuMicrosPerRequest.toFixed(0),
        cost.database.commits.toFixed(2),
        perTable(cost.database.scans),
        perTable(cost.database.writes),
      ]),
    ),
  )
}

function printUpload(result: BinaryUploadResult): void {
  console.log(
    table(
      `Server memory while a ${mib(result.binaryBytes)} MiB provider binary is streamed to its provider-binary-upload link, embedded default (MiB of server RSS; idle ${mib(result.idleRss)}, after a small release ${mib(result.warmRss)})`,
      ['run', 'baseline', 'peak', 'growth', 'after', 'PUT s', 'MiB/s'],
      result.runs.map((run, i) => [
        String(i + 1),
        mib(run.baselineRss),
        mib(run.peakRss),
        mib(run.growth),
        mib(run.rssAfter),
        (run.uploadMs / 1000).toFixed(2),
        run.mibPerSecond.toFixed(1),
      ]),
    ),
  )
  console.log(
    `Worst growth ${mib(result.worstGrowth)} MiB against a limit of ${result.limitBytes / MiB} MiB: ${result.pass ? 'PASS' : 'FAIL'}` +
      ` (peak from VmHWM: ${result.runs.every((run) => run.peakFromKernel) ? 'yes' : 'no, samples only'})`,
  )
}

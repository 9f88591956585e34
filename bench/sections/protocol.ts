import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { benchProtocol, type ProtocolResult } from '../protocol.ts'
import { PAIRED_HEADERS, pairedRow, table } from '../report.ts'
import { MiB } from '../stats.ts'

/**
 * PostgreSQL at a large enterprise's size (issue 39): 100,000 module providers of 10 versions,
 * far more than the default bound of the caches holds, then 5 minutes of random loads
 * (`BENCH_PROTOCOL_MINUTES`) for the server's RSS.
 */
const ENTERPRISE = {
  ...PLAN.protocol,
  size: { modules: 100_000, versionsPerModule: 10 },
  sustainMinutes: Number(process.env['BENCH_PROTOCOL_MINUTES'] ?? 5),
}

/** The registry protocol on both stores, each load against the bare endpoint loaded just before it. */
export async function protocolSection(): Promise<ProtocolResult[]> {
  const bare = await startBare()
  try {
    const results = [await benchProtocol('postgres', bare.url, ENTERPRISE), await benchProtocol('pglite', bare.url, PLAN.protocol)]
    printProtocol(results)
    return results
  } finally {
    await bare.stop()
  }
}

function printProtocol(results: readonly ProtocolResult[]): void {
  const { connections, seconds, rounds } = PLAN.protocol
  const sizes = results.map(({ store, size }) => `${store} ${size.modules} modules × ${size.versionsPerModule} versions`).join(', ')
  console.log(
    table(
      `Registry protocol: ${sizes}, autocannon, ${connections} connections, ${seconds} s, a random module per request; each load ${rounds} times right after the bare endpoint, the round of the median ratio shown`,
      PAIRED_HEADERS,
      results.flatMap((result) => result.loads.map(pairedRow)),
    ),
  )
  for (const { store, loads } of results) {
    const costs = loads.map(({ name, serverCpuMicros, databaseCpuMicros }) => {
      const database = databaseCpuMicros === undefined ? '' : ` + ${databaseCpuMicros.toFixed(0)} PostgreSQL`
      return `${name.replace(`${store}: `, '')} ${serverCpuMicros.toFixed(0)}${database}`
    })
    console.log(`${store}: CPU µs per request, server${store === 'postgres' ? ' + PostgreSQL' : ''}: ${costs.join('; ')}`)
  }
  console.log(
    `Every module's versions asked once before the loads (a cold cache filled): ${results.map((result) => `${result.store} ${result.warming.seconds.toFixed(1)} s, ${Math.round(result.warming.requestsPerSecond)} requests/s`).join(', ')}`,
  )
  const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`
  console.log(`Server RSS idle after start: ${results.map((result) => `${result.store} ${mib(result.rssIdle)}`).join(', ')}`)
  console.log(
    `Server RSS after the loads over every module: ${results.map((result) => `${result.store} ${mib(result.rssAfterRandom)}`).join(', ')}`,
  )
  for (const { store, sustained } of results) {
    if (sustained === undefined) continue
    console.log(
      `${store}: ${sustained.minutes} minutes of random versions and download, ${Math.round(sustained.requestsPerSecond)} requests/s on average; RSS every 30 s: ${sustained.rss.map(mib).join(', ')}`,
    )
  }
}

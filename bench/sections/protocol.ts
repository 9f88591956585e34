import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { benchProtocol, type ProtocolResult } from '../protocol.ts'
import { PAIRED_HEADERS, pairedRow, table } from '../report.ts'
import { MiB } from '../stats.ts'

/** The registry protocol on both stores, each load against the bare endpoint loaded just before it. */
export async function protocolSection(): Promise<ProtocolResult[]> {
  const bare = await startBare()
  try {
    const results = [await benchProtocol('postgres', bare.url, PLAN.protocol), await benchProtocol('pglite', bare.url, PLAN.protocol)]
    printProtocol(results)
    return results
  } finally {
    await bare.stop()
  }
}

function printProtocol(results: readonly ProtocolResult[]): void {
  const { size, connections, seconds, rounds } = PLAN.protocol
  console.log(
    table(
      `Registry protocol: ${size.modules} modules × ${size.versionsPerModule} versions, autocannon, ${connections} connections, ${seconds} s, a random module per request; each load ${rounds} times right after the bare endpoint, the round of the median ratio shown`,
      PAIRED_HEADERS,
      results.flatMap((result) => result.loads.map(pairedRow)),
    ),
  )
  console.log(
    `Every module's versions asked once before the loads (a cold cache filled): ${results.map((result) => `${result.store} ${result.warming.seconds.toFixed(1)} s, ${Math.round(result.warming.requestsPerSecond)} requests/s`).join(', ')}`,
  )
  console.log(
    `Server RSS after the loads over every module: ${results.map((result) => `${result.store} ${(result.rssAfterRandom / MiB).toFixed(1)} MiB`).join(', ')}`,
  )
}

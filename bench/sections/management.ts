import { benchManagement, type ManagementResult } from '../management.ts'
import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { ratio, table } from '../report.ts'
import type { ThroughputResult } from '../throughput.ts'

/** The authenticated management reads on both stores, each against the bare endpoint loaded just before it. */
export async function managementSection(): Promise<ManagementResult[]> {
  const bare = await startBare()
  try {
    const results = [
      await benchManagement('postgres', bare.url, PLAN.management),
      await benchManagement('pglite', bare.url, PLAN.management),
    ]
    console.log(
      table(
        `Authenticated management reads: autocannon, ${PLAN.management.connections} connections, ${PLAN.management.seconds} s`,
        ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', '÷ bare', 'non-2xx', 'errors'],
        results.flatMap((result) =>
          [result.bare, ...result.loads].map((load) =>
            loadRow(load === result.bare ? `${result.store}: ${load.name}` : load.name, load, result.bare),
          ),
        ),
      ),
    )
    return results
  } finally {
    await bare.stop()
  }
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

import { benchLargeLists, type LargeListResult } from '../large-lists.ts'
import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { ratio, table } from '../report.ts'
import type { ThroughputResult } from '../throughput.ts'

/** Issue 39's target for a management list on a cache miss: at least this ratio to bare… */
const TARGET_RATIO = 0.1
/** …with a p99 under this many milliseconds. */
const TARGET_P99_MS = 25

/** The management lists at enterprise size on PostgreSQL, every request a miss, against the bare endpoint. */
export async function largeListsSection(): Promise<{ readonly bare: ThroughputResult; readonly loads: readonly LargeListResult[] }> {
  const bare = await startBare()
  try {
    const { size, connections, seconds } = PLAN.largeLists
    const result = await benchLargeLists(bare.url, size, PLAN.largeLists)
    console.log(
      table(
        `Management lists on a cache miss, PostgreSQL: ${size.users} users, ${size.workspaces} workspaces (with runs) in ${size.organizations} organizations, ${size.modules} modules in one; autocannon, ${connections} connections, ${seconds} s, a new query parameter each request; bare ${result.bare.requestsPerSecond.toFixed(0)} requests/s`,
        ['list', 'requests/s', 'p50 ms', 'p99 ms', '÷ bare', 'server CPU µs', 'PostgreSQL CPU µs', 'target'],
        result.loads.map((load) => [
          load.name,
          load.requestsPerSecond.toFixed(0),
          String(load.latencyP50Ms),
          String(load.latencyP99Ms),
          ratio(load.ratioToBare),
          load.serverCpuMicros.toFixed(0),
          load.databaseCpuMicros.toFixed(0),
          load.ratioToBare >= TARGET_RATIO && load.latencyP99Ms < TARGET_P99_MS ? 'met' : 'missed',
        ]),
      ),
    )
    return result
  } finally {
    await bare.stop()
  }
}

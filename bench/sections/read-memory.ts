import { benchReadMemory, type ReadMemoryResult } from '../management.ts'
import { PLAN } from '../plan.ts'
import { mib, table } from '../report.ts'
import { MiB } from '../stats.ts'

/** The server's RSS under minutes of mixed management reads, on both stores. */
export async function readMemorySection(minutes: number): Promise<ReadMemoryResult[]> {
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

import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { ms, ratio, table } from '../report.ts'
import { benchWebPages, type WebPagesResult } from '../web-pages.ts'

/** The web UI's pages on PostgreSQL, against the bare endpoint measured just before. */
export async function webSection(): Promise<WebPagesResult> {
  const bare = await startBare()
  try {
    const result = await benchWebPages(bare.url, PLAN.web)
    const { size, requests } = PLAN.web
    console.log(
      table(
        `Web UI on PostgreSQL: ${size.modules} modules × ${size.versionsPerModule} versions, time to first byte, ${requests} requests one at a time (ms)`,
        ['page', 'median', 'p95', 'max', 'KiB', '× bare'],
        [
          ['bare Hono GET /', ms(result.bare.median), ms(result.bare.p95), ms(result.bare.max), '', '1'],
          ...result.pages.map((p) => [
            p.name,
            ms(p.ttfb.median),
            ms(p.ttfb.p95),
            ms(p.ttfb.max),
            (p.bytes / 1024).toFixed(1),
            ratio(p.ratioToBare),
          ]),
        ],
      ),
    )
    return result
  } finally {
    await bare.stop()
  }
}

import type { ModuleRegistryProtocol } from '@cairn/core'
import type { ErrorLog } from '@cairn/http'

/** How often counted downloads are written. */
export const DOWNLOAD_FLUSH_INTERVAL_MS = 5_000

/**
 * Writes counted downloads every few seconds, and a last time when stopped. A failed write keeps
 * its counts for the next one and is logged, never thrown into the timer.
 */
export function startDownloadFlushing(deps: {
  readonly moduleRegistry: Pick<ModuleRegistryProtocol, 'flushDownloads'>
  readonly log: ErrorLog
}): { stop(): Promise<void> } {
  const flush = () =>
    deps.moduleRegistry.flushDownloads().catch((error: unknown) => {
      deps.log.error('download counts not written yet', { error: String(error) })
    })
  const timer = setInterval(() => void flush(), DOWNLOAD_FLUSH_INTERVAL_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}

import type { DownloadsWritten, ModuleRegistryProtocol, ProviderNetworkMirror, ProviderRegistryProtocol, TokenUses } from '@cairn/core'
import type { ErrorLog } from '@cairn/core'

/** How often counted downloads are written. */
export const DOWNLOAD_FLUSH_INTERVAL_MS = 5_000

const NOTHING_WRITTEN: DownloadsWritten = { downloads: 0, versions: 0 }

/**
 * Writes counted downloads (of module versions and of provider platforms), tokens' last uses and the mirror's, every few seconds, and a last time when stopped. A failed write keeps
 * its counts for the next one and is logged, never thrown into the timer. One flush at a time: a
 * tick that finds one under way leaves the counts to the next, and stopping waits for it before
 * the last flush, which then writes whatever it could not, and says how much that was.
 */
export function startDownloadFlushing(deps: {
  readonly moduleRegistry: Pick<ModuleRegistryProtocol, 'flushDownloads'>
  readonly providerProtocol: Pick<ProviderRegistryProtocol, 'flushDownloads'>
  readonly tokenUses: Pick<TokenUses, 'flush'>
  readonly providerMirror: Pick<ProviderNetworkMirror, 'flushUses'>
  readonly log: ErrorLog
}): { stop(): Promise<DownloadsWritten> } {
  let underWay: Promise<DownloadsWritten> | undefined
  const flush = () =>
    (underWay ??= Promise.all([
      deps.moduleRegistry.flushDownloads(),
      deps.providerProtocol.flushDownloads(),
      deps.tokenUses.flush(),
      deps.providerMirror.flushUses(),
    ])
      .then(([modules, providers]) => ({
        downloads: modules.downloads + providers.downloads,
        versions: modules.versions + providers.versions,
      }))
      .catch((error: unknown) => {
        deps.log.error('download counts not written yet', { error: String(error) })
        return NOTHING_WRITTEN
      })
      .finally(() => {
        underWay = undefined
      }))
  const timer = setInterval(() => void flush(), DOWNLOAD_FLUSH_INTERVAL_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await underWay
      return flush()
    },
  }
}

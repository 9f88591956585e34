import { TarModuleAnalyzer } from '@cairn/module-analyzer'
import type { JobQueue } from '@cairn/core'
import { openStore, type Store, type StoreLocation } from '@cairn/persistence'
import { IsomorphicGitVcsClient } from '@cairn/vcs-git'
import { join } from 'node:path'
import type { Container } from 'inversify'
import type { Config } from './config.ts'
import { buildContainer } from './container.ts'
import { blobStoreFrom } from './platform/blob-store-from-config.ts'
import { DataDirLock } from './platform/data-dir-lock.ts'
import { createLogger } from './platform/logger.ts'

/** An opened Cairn: its store (migrated), and the container wired over it. */
export interface Runtime {
  readonly container: Container
  readonly store: Store
  /** The durable job queue, in the store's database; workers are started by the server only. */
  readonly jobs: JobQueue
  /** Removes temporary files a crashed write left in the blob store. */
  sweepBlobs(): Promise<unknown>
  close(): Promise<void>
}

/** Where the configuration says the data lives. */
export function storeLocation(config: Config): StoreLocation {
  return config.databaseUrl !== undefined
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'db') }
}

/**
 * Opens the store for `purpose` (named in the lock, so a second process learns who holds the
 * embedded database), applies pending migrations, and wires the container. Sets the process's
 * umask to 0o077 first: the server and every CLI command start here.
 */
export async function openRuntime(config: Config, purpose: string): Promise<Runtime> {
  // Every file Cairn and PGlite create (database, archives, signing key) is its owner's alone.
  process.umask(0o077)
  const location = storeLocation(config)
  const lock = location.kind === 'pglite' ? DataDirLock.acquire(config.dataDir, purpose) : undefined
  try {
    const store = await openStore(location)
    try {
      await store.migrate()
    } catch (error) {
      await store.close()
      throw error
    }
    const blobs = blobStoreFrom(config.blobs)
    // Its parser threads start on the first upload and end at close.
    const analyzer = new TarModuleAnalyzer(config.archiveLimits)
    const jobsLog = createLogger(config.logLevel)
    const jobs = await store.openJobQueue((error) => jobsLog.error({ error: error.message }, 'job queue failure'))
    const vcs = new IsomorphicGitVcsClient({ cacheDirectory: config.vcs.cacheDir })
    return {
      container: buildContainer(config, { unitOfWork: store.unitOfWork, health: store.health, blobs: blobs.store, analyzer, jobs, vcs }),
      store,
      jobs,
      sweepBlobs: () => blobs.sweep(),
      async close() {
        // Running jobs finish (or are aborted at their timeout) before the database closes under them.
        await jobs.stop()
        await analyzer.close()
        blobs.close()
        await store.close()
        lock?.release()
      },
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}

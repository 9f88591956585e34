import { UNSHARED_STORE_CHANGES, type HealthCheck, type JobQueue, type StoreChanges, type UnitOfWork } from '@cairn/core'
import type { ErrorLog } from '@cairn/core'
import { TarModuleAnalyzer } from '@cairn/module-analyzer'
import type { ChangeFeedWatcher, Store } from '@cairn/persistence'
import { InMemoryHealthCheck, InMemoryJobQueue, InMemoryUnitOfWork } from '@cairn/memory'
import { GithubAppClient, IsomorphicGitVcsClient } from '@cairn/vcs-git'
import { join } from 'node:path'
import { compose, type Composition } from './container.ts'
import { ClosableUnitOfWork } from './embed/closable-unit-of-work.ts'
import type { CairnStoreOptions } from './embed/cairn-options.ts'
import type { ResolvedOptions } from './embed/resolved-options.ts'
import { blobStoreFrom } from './platform/blob-store-from-config.ts'
import { DataDirLock } from './platform/data-dir-lock.ts'
import { createLogger, errorLogOver } from './platform/logger.ts'

/** An opened Cairn: its store (migrated), and the composition wired over it. */
export interface Runtime {
  readonly composition: Composition
  /** The durable job queue, in the store's database; its workers are started by whoever serves. */
  readonly jobs: JobQueue
  /** Removes temporary files a crashed write left in the blob store. */
  sweepBlobs(): Promise<unknown>
  close(): Promise<void>
}

/** What the store gives the composition, and how to let go of it. */
interface OpenedStore {
  readonly unitOfWork: UnitOfWork
  readonly health: HealthCheck
  readonly changes: StoreChanges
  openJobQueue(onError: (error: Error) => void): Promise<JobQueue>
  close(): Promise<void>
}

/**
 * Opens the store the options name for `purpose` (named in the lock, so a second process learns
 * who holds the embedded database), applies pending migrations, and wires the composition.
 */
export async function openRuntime(options: ResolvedOptions, purpose: string): Promise<Runtime> {
  const logger = createLogger(options.logLevel)
  const log: ErrorLog = options.log ?? errorLogOver(logger)
  // Both lines on the logger, at levels an embedding host's default (warn) shows, so whoever sees one sees the other.
  const store = await openConfiguredStore(options.store, purpose, {
    failing: (error) =>
      logger.error({ error: error.message }, 'the change feed cannot be read: caches are emptied every second until it can'),
    recovered: () => logger.warn('the change feed is read again'),
  })
  let jobs: JobQueue
  try {
    jobs = await store.openJobQueue((error) => log.error('job queue failure', { error: error.message }))
  } catch (error) {
    await store.close()
    throw error
  }
  const blobs = await blobStoreFrom(options.blobs)
  // Its parser threads start on the first upload and end at close.
  const analyzer = new TarModuleAnalyzer(options.limits)
  const vcs = new IsomorphicGitVcsClient({
    cacheDirectory: options.vcs.cacheDir,
    archiveLimits: options.limits,
    allowedHosts: options.vcs.allowedHosts,
  })
  const githubApp = options.vcs.githubApp === undefined ? null : new GithubAppClient(options.vcs.githubApp)
  // Its Markdown renderer and HTML sanitizer load only for a Cairn that serves the UI.
  const web = options.webUi ? await import('@cairn/web') : undefined
  // Refuses once the store is being released: nothing writes into a closed database.
  const unitOfWork = new ClosableUnitOfWork(store.unitOfWork)
  return {
    composition: compose(options, {
      unitOfWork,
      health: store.health,
      storeChanges: store.changes,
      blobs: blobs.store,
      analyzer,
      jobs,
      vcs,
      githubApp,
      logger,
      log,
      ...(web !== undefined && { createWebApp: web.createWebApp }),
    }),
    jobs,
    sweepBlobs: () => blobs.sweep(),
    async close() {
      // Running jobs finish (or are aborted at their timeout) before the database closes under them.
      await jobs.stop()
      await analyzer.close()
      blobs.close()
      unitOfWork.close()
      await store.close()
    },
  }
}

async function openConfiguredStore(store: CairnStoreOptions, purpose: string, changeFeed: ChangeFeedWatcher): Promise<OpenedStore> {
  if (store.kind === 'memory') {
    return {
      unitOfWork: new InMemoryUnitOfWork(),
      health: new InMemoryHealthCheck(),
      // This process's alone: its writes clear its caches, and announcing them again would only clear them twice.
      changes: UNSHARED_STORE_CHANGES,
      openJobQueue: async () => new InMemoryJobQueue(),
      close: async () => undefined,
    }
  }
  // Loaded only for a database: the memory store needs neither MikroORM, PGlite, pg nor pg-boss.
  const { openStore, storeOnOrm } = await import('@cairn/persistence')
  if (store.kind === 'postgres')
    return migrated(
      await openStore({ kind: 'postgres', url: store.url, ...(store.schema !== undefined && { schema: store.schema }) }, { changeFeed }),
    )
  if (store.kind === 'mikro-orm') return migrated(storeOnOrm(store.orm, { changeFeed }))
  const lock = DataDirLock.acquire(store.dataDir, purpose)
  try {
    const opened = await migrated(await openStore({ kind: 'pglite', dataDir: join(store.dataDir, 'db') }))
    return {
      ...opened,
      async close() {
        await opened.close()
        lock.release()
      },
    }
  } catch (error) {
    lock.release()
    throw error
  }
}

/** The store with the checked-in migrations it lacks applied; closed when they fail. */
async function migrated(store: Store): Promise<Store> {
  try {
    await store.migrate()
  } catch (error) {
    await store.close()
    throw error
  }
  return store
}

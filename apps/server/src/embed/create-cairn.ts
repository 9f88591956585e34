import { declareJobs, workJobs, type DownloadsWritten, type UseCases } from '@cairn/core'
import { createHttpApp, type AppEnv, type HttpDeps } from '@cairn/http'
import type { Hono } from 'hono'
import type { GetConnInfo } from 'hono/conninfo'
import { startDownloadFlushing } from '../platform/download-flushing.ts'
import type { Logger } from '../platform/logger.ts'
import { startUploadSweep } from '../platform/upload-sweep.ts'
import { startVcsPoll } from '../platform/vcs-poll.ts'
import { openRuntime } from '../runtime.ts'
import { CairnLifecycle } from './cairn-lifecycle.ts'
import type { CairnOptions } from './cairn-options.ts'
import type { CairnUseCases } from './cairn-use-cases.ts'
import { cairnUseCasesOver } from './cairn-use-cases-over.ts'
import { resolveOptions } from './resolved-options.ts'

/** A running Cairn inside a host process. */
export interface Cairn {
  /**
   * Answers one HTTP request: the registry protocol, the management API and the admin API. Hand
   * it requests with their full path, `basePath` included; see docs/embedding.md for Hono and
   * node:http hosts.
   */
  readonly fetch: (request: Request) => Promise<Response>
  /**
   * What a host does in code (seeding, provisioning), each as `operation(command, principal)`
   * with `OPERATOR` for the host itself or a principal from `tokens.authenticate`.
   */
  readonly useCases: CairnUseCases
  /**
   * Refuses every later operation and request (a `CairnError` `unavailable`, "this Cairn is
   * closed"; `fetch` answers it as a JSON:API 503), lets those running end, stops the VCS poll
   * and the upload sweep, writes what is pending (download counts), lets running jobs end, then
   * releases the store, the blob store and worker threads. Calling it again, or while it runs,
   * waits for the same close.
   */
  close(): Promise<void>
}

/** What the standalone server adds to an embedded Cairn. */
export interface StandaloneHooks {
  /** Named in the embedded database's lock, for whoever finds it held. */
  readonly purpose?: string
  /** The client's socket address, which loopback-only routes need. */
  readonly connInfo?: GetConnInfo
  /** The reverse proxies whose `X-Forwarded-For` is believed, and the clients beside loopback that may use the IACT. */
  readonly clients?: Pick<HttpDeps, 'isTrustedProxy' | 'initialAdminClients'>
  /** Whether this instance works the job queue, polls VCS modules and sweeps stuck uploads; default true. A one-shot command does none. */
  readonly workers?: boolean
  /** Runs once the use cases exist, before the HTTP app is built; may give the initial admin token to serve. */
  prepare?(useCases: UseCases): Promise<{ readonly initialAdminToken?: string }>
}

/** A Cairn as the standalone server holds it: with the Hono app, for its node adapter. */
export interface HostedCairn extends Omit<Cairn, 'close' | 'useCases'> {
  /** Every use case, as the HTTP app and the CLI commands call them. */
  readonly useCases: UseCases
  readonly app: Hono<AppEnv>
  readonly logger: Logger
  /** `Cairn.close`, saying what its last write of download counts wrote, for the server's log. */
  close(): Promise<{ readonly downloads: DownloadsWritten }>
}

/**
 * Opens the store the options name (applying pending migrations), wires every adapter and use
 * case, and returns the HTTP handler over them. Throws a `ConfigError` naming every bad option,
 * a `DataDirBusyError` when another process holds the embedded database, and a `CairnError`
 * (`unavailable`) when the database cannot be reached.
 */
export async function createCairn(options: CairnOptions): Promise<Cairn> {
  const cairn = await openCairn(options)
  const lifecycle = new CairnLifecycle()
  return {
    fetch: (request) => lifecycle.serve(request, cairn.fetch),
    useCases: cairnUseCasesOver(cairn.useCases, lifecycle),
    close: () => lifecycle.close(async () => void (await cairn.close())),
  }
}

/** `createCairn`, with what the standalone server adds. The one way both are composed. */
export async function openCairn(options: CairnOptions, hooks: StandaloneHooks = {}): Promise<HostedCairn> {
  const resolved = resolveOptions(options)
  const runtime = await openRuntime(resolved, hooks.purpose ?? `an embedded Cairn in process ${process.pid}`)
  try {
    // Half-written blobs a crash left behind.
    await runtime.sweepBlobs()
    const useCases = runtime.composition.useCases
    const prepared = (await hooks.prepare?.(useCases)) ?? {}
    const deps = runtime.composition.httpDeps
    const app = createHttpApp({
      ...deps,
      ...(hooks.connInfo !== undefined && { connInfo: hooks.connInfo }),
      ...hooks.clients,
      ...(prepared.initialAdminToken !== undefined && { initialAdminToken: prepared.initialAdminToken }),
    })
    const workers = hooks.workers ?? true
    // Upload analysis and VCS ingestion run beside the requests; every instance sharing the database shares the queue's jobs.
    // Declared in any case: a process that works no jobs still queues them, for those that do.
    await declareJobs(runtime.jobs)
    if (workers) await workJobs(runtime.jobs, useCases)
    const downloads = startDownloadFlushing(deps)
    const vcsPoll = startVcsPoll(deps, workers ? resolved.vcs.pollIntervalSeconds : 0)
    // Upload attempts a crash left behind, here or in another process sharing the database.
    const uploadSweep = startUploadSweep({ sweepStuckUploads: useCases.sweepStuckUploads, log: deps.log }, workers)
    let closing: Promise<{ readonly downloads: DownloadsWritten }> | undefined
    const close = async () => {
      await vcsPoll.stop()
      await uploadSweep.stop()
      const written = await downloads.stop()
      // Stops the job workers first, letting running ingestions end, then closes the database.
      await runtime.close()
      return { downloads: written }
    }
    return {
      app,
      logger: runtime.composition.logger,
      fetch: async (request) => app.fetch(request),
      useCases,
      // Once, however often it is called: a second signal must not release the store twice.
      close: () => (closing ??= close()),
    }
  } catch (error) {
    await runtime.close()
    throw error
  }
}

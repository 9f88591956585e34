import { workVcsJobs } from '@cairn/core'
import { createHttpApp, JSON_API } from '@cairn/http'
import { sweepTemporaryDirectories } from '@cairn/module-analyzer'
import { getRequestListener } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Config } from '../config.ts'
import { TYPES } from '../container.ts'
import type { Logger } from '../platform/logger.ts'
import { startDownloadFlushing } from '../platform/download-flushing.ts'
import { startVcsPoll } from '../platform/vcs-poll.ts'
import { readTlsOptions } from '../platform/tls-options.ts'
import { openRuntime } from '../runtime.ts'

/** A running server, and how to stop it. */
export interface RunningServer {
  readonly url: string
  /** The initial admin creation token this process issued, when the site has no administrator. */
  readonly initialAdminToken: string | undefined
  readonly logger: Logger
  /** Stops accepting, lets requests in flight finish (for a bounded time), then closes the database. */
  stop(): Promise<void>
}

/** How long a stop waits for requests in flight before cutting their connections. */
const SHUTDOWN_GRACE_MS = 10_000

/** Opens the store (running migrations) and serves the HTTP API until stopped. */
export async function startServer(config: Config): Promise<RunningServer> {
  // Before anything is opened: a bad certificate stops start-up with nothing to undo.
  const tls = config.tls === undefined ? undefined : readTlsOptions(config.tls)
  const runtime = await openRuntime(config, 'cairn serve')
  // Leftovers of a crash: half-written blobs, analysis directories, archives no version points at.
  await runtime.sweepBlobs()
  await sweepTemporaryDirectories()
  const useCases = runtime.container.get(TYPES.UseCases)
  await useCases.sweepOrphanBlobs.execute()
  const initialAdminToken = await useCases.initialAdmin.issueToken()
  const deps = runtime.container.get(TYPES.HttpDeps)
  const app = createHttpApp({ ...deps, connInfo: getConnInfo, ...(initialAdminToken !== undefined && { initialAdminToken }) })
  const downloads = startDownloadFlushing(deps)
  // VCS ingestion runs here, beside the requests; several servers share the queue's jobs.
  await workVcsJobs(runtime.jobs, useCases.vcsJobs)
  const vcsPoll = startVcsPoll(deps, config.vcs.pollIntervalSeconds)
  let server: Server | undefined
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const listener = getRequestListener(app.fetch, { errorHandler: malformedRequest })
      const handle = (request: IncomingMessage, response: ServerResponse) => void listener(request, response)
      server = tls === undefined ? createHttpServer(handle) : createHttpsServer(tls, handle)
      server.once('error', reject)
      server.listen(config.port, () => resolve((server?.address() as AddressInfo).port))
    })
    return {
      url: `${tls === undefined ? 'http' : 'https'}://localhost:${port}`,
      initialAdminToken,
      logger: runtime.container.get(TYPES.Logger),
      async stop() {
        if (server !== undefined) await closeGracefully(server)
        await vcsPoll.stop()
        await downloads.stop()
        // Stops the job workers first, letting running ingestions end, then closes the database.
        await runtime.close()
      },
    }
  } catch (error) {
    server?.close()
    await vcsPoll.stop()
    await downloads.stop()
    await runtime.close()
    throw error
  }
}

/** Closes the listener and idle connections at once, and cuts what is still busy after the grace period. */
async function closeGracefully(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  // close() ends the connections idle now; a keep-alive connection whose request finishes later
  // would hold the server open until the deadline, so idle ones keep being closed as they appear.
  const idle = setInterval(() => server.closeIdleConnections(), 100)
  const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
  try {
    await closed
  } finally {
    clearInterval(idle)
    clearTimeout(deadline)
  }
}

/**
 * Requests so malformed that the Node adapter refuses them before the app sees them (a backslash
 * in the path, a bad Host header) still get a JSON:API error object.
 */
function malformedRequest(): Response {
  const body = JSON.stringify({ errors: [{ status: '400', title: 'bad request', detail: 'the request is malformed' }] })
  return new Response(body, { status: 400, headers: { 'Content-Type': JSON_API } })
}

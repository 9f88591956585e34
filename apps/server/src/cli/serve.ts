import type { DownloadsWritten } from '@cairn/core'
import { JSON_API } from '@cairn/http'
import { sweepTemporaryDirectories } from '@cairn/module-analyzer'
import { getRequestListener } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Config } from './config.ts'
import { openCairn } from '../embed/create-cairn.ts'
import { addressList } from '../platform/address-list.ts'
import { paceBufferGarbage } from '../platform/buffer-garbage-pacer.ts'
import type { Logger } from '../platform/logger.ts'
import { readTlsOptions } from '../platform/tls-options.ts'
import { createNodeServer } from './http-server.ts'
import { optionalApiDocs } from './optional-api-docs.ts'
import { restrictFileModes, standaloneOptions } from './standalone-options.ts'

/** A running server, and how to stop it. */
export interface RunningServer {
  readonly url: string
  /** The initial admin creation token this process issued, when the site has no administrator. */
  readonly initialAdminToken: string | undefined
  readonly logger: Logger
  /** Stops accepting, lets requests in flight finish (for a bounded time), then closes the database; says what its last write of download counts wrote. */
  stop(): Promise<{ readonly downloads: DownloadsWritten }>
}

/** How long a stop waits for requests in flight before cutting their connections. */
const SHUTDOWN_GRACE_MS = 10_000

/** Opens the store (running migrations) and serves the HTTP API until stopped. */
export async function startServer(config: Config): Promise<RunningServer> {
  // Before anything is opened: a bad certificate stops start-up with nothing to undo.
  const tls = config.tls === undefined ? undefined : readTlsOptions(config.tls)
  restrictFileModes()
  let initialAdminToken: string | undefined
  const apiDocs = await optionalApiDocs()
  const cairn = await openCairn(
    { ...standaloneOptions(config), ...(apiDocs !== undefined && { apiDocs }) },
    {
      purpose: 'cairn serve',
      connInfo: getConnInfo,
      clients: clientsOf(config.clients),
      async prepare(useCases) {
        // Leftovers of a crash: analysis directories, archives no version points at.
        await sweepTemporaryDirectories()
        await useCases.sweepOrphanBlobs.execute()
        initialAdminToken = await useCases.initialAdmin.issueToken()
        return initialAdminToken === undefined ? {} : { initialAdminToken }
      },
    },
  )
  let server: Server | undefined
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const listener = getRequestListener(cairn.app.fetch, { errorHandler: malformedRequest })
      const handle = (request: IncomingMessage, response: ServerResponse) => void listener(request, response)
      server = createNodeServer(tls, handle)
      server.once('error', reject)
      server.listen(config.port, () => resolve((server?.address() as AddressInfo).port))
    })
    const pacer = paceBufferGarbage()
    return {
      url: `${tls === undefined ? 'http' : 'https'}://localhost:${port}`,
      initialAdminToken,
      logger: cairn.logger,
      async stop() {
        if (server !== undefined) await closeGracefully(server)
        pacer?.stop()
        // Stops the VCS poll and the job workers, letting running ingestions end, then closes the database.
        return cairn.close()
      },
    }
  } catch (error) {
    server?.close()
    await cairn.close()
    throw error
  }
}

/** The configured lists as tests of an address; loopback may always use the IACT. */
function clientsOf(clients: Config['clients']) {
  return {
    isTrustedProxy: addressList(clients.trustedProxies),
    initialAdminClients: addressList(['127.0.0.0/8', '::1', ...clients.iactSubnets]),
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

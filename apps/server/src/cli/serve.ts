import { createHttpApp, JSON_API } from '@cairn/http'
import { sweepTemporaryDirectories } from '@cairn/module-analyzer'
import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Config } from '../config.ts'
import { TYPES } from '../container.ts'
import { startDownloadFlushing } from '../platform/download-flushing.ts'
import { openRuntime } from '../runtime.ts'

/** A running server, and how to stop it. */
export interface RunningServer {
  readonly url: string
  stop(): Promise<void>
}

/** Opens the store (running migrations) and serves the HTTP API until stopped. */
export async function startServer(config: Config): Promise<RunningServer> {
  const runtime = await openRuntime(config, 'cairn serve')
  // Leftovers of a crash: half-written blobs, analysis directories, archives no version points at.
  await runtime.sweepBlobs()
  await sweepTemporaryDirectories()
  await runtime.container.get(TYPES.UseCases).sweepOrphanBlobs.execute()
  const deps = runtime.container.get(TYPES.HttpDeps)
  const app = createHttpApp(deps)
  const downloads = startDownloadFlushing(deps)
  let server: Server | undefined
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const listener = getRequestListener(app.fetch, { errorHandler: malformedRequest })
      server = createServer((request, response) => void listener(request, response))
      server.once('error', reject)
      server.listen(config.port, () => resolve((server?.address() as AddressInfo).port))
    })
    return {
      url: `http://localhost:${port}`,
      async stop() {
        await new Promise<void>((resolve) => server?.close(() => resolve()))
        await downloads.stop()
        await runtime.close()
      },
    }
  } catch (error) {
    server?.close()
    await downloads.stop()
    await runtime.close()
    throw error
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

import { createHttpApp } from '@cairn/http'
import { serve as listen, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { Config } from '../config.ts'
import { TYPES } from '../container.ts'
import { openRuntime } from '../runtime.ts'

/** A running server, and how to stop it. */
export interface RunningServer {
  readonly url: string
  stop(): Promise<void>
}

/** Opens the store (running migrations) and serves the HTTP API until stopped. */
export async function startServer(config: Config): Promise<RunningServer> {
  const runtime = await openRuntime(config, 'cairn serve')
  // Leftovers of a crash: half-written blobs, and archives that no version points at.
  await runtime.sweepBlobs()
  await runtime.container.get(TYPES.UseCases).sweepOrphanBlobs.execute()
  const app = createHttpApp(runtime.container.get(TYPES.HttpDeps))
  let server: ServerType | undefined
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server = listen({ fetch: app.fetch, port: config.port }, (info: AddressInfo) => resolve(info.port))
      server.once('error', reject)
    })
    return {
      url: `http://localhost:${port}`,
      async stop() {
        await new Promise<void>((resolve) => server?.close(() => resolve()))
        await runtime.close()
      },
    }
  } catch (error) {
    server?.close()
    await runtime.close()
    throw error
  }
}

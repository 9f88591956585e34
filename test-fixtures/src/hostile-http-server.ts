import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback HTTP server whose handler misbehaves on purpose, and what reached it. */
export interface HostileHttpServer {
  /** `http://127.0.0.1:<port>` (`http://[::1]:<port>` when listening on IPv6 loopback). */
  readonly url: string
  readonly port: number
  /** TCP connections accepted, whether or not a request followed. */
  readonly connections: number
  /** The requests received, in order: method, path and headers. */
  readonly requests: readonly { readonly method: string; readonly path: string; readonly headers: IncomingMessage['headers'] }[]
  close(): Promise<void>
}

/**
 * Starts `handle` on an ephemeral loopback port (`host` 127.0.0.1 unless given), counting
 * connections and recording requests, to stand in for a git host that answers wrongly: a body
 * that is no git, a redirect elsewhere, a reply that trickles or never ends.
 */
export async function startHostileHttpServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<HostileHttpServer> {
  const requests: { method: string; path: string; headers: IncomingMessage['headers'] }[] = []
  let connections = 0
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers })
    response.on('error', () => undefined)
    handle(request, response)
  })
  server.on('connection', (socket) => {
    connections++
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get connections() {
      return connections
    },
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { CoalescedResponse } from '../platform/coalesced-response.ts'
import type { TlsOptions } from '../platform/tls-options.ts'

/**
 * How long an idle keep-alive connection stays open. Load balancers keep their idle connections
 * to a backend open 60 s (AWS ALB's default, nginx's `keepalive_timeout` upstream); a backend
 * that closes first (Node's default is 5 s) races the balancer's next request on that socket,
 * which the balancer answers with a reset or a 502. So the server outlasts the balancer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

/**
 * How long a request's headers may take. Node measures it from the first byte of a request, also
 * on a reused connection, and it must exceed the keep-alive timeout: otherwise a request that
 * arrives just before the idle timer fires can be cut by the headers timer.
 */
export const HEADERS_TIMEOUT_MS = 66_000

/**
 * How long a whole request may take to arrive: an archive upload (up to 256 MiB) over a slow
 * link. Node's default, made explicit; the stuck-upload sweep fails an attempt after 10 minutes.
 */
export const REQUEST_TIMEOUT_MS = 300_000

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/** The standalone server's Node server, HTTP or HTTPS, with the timeouts a load balancer needs. */
export function createNodeServer(tls: TlsOptions | undefined, handle: Handler): Server {
  const options = {
    ServerResponse: CoalescedResponse,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
  }
  const server = tls === undefined ? createHttpServer(options, handle) : createHttpsServer({ ...tls, ...options }, handle)
  // Set again as properties: `keepAliveTimeout` is read from the server at each response.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = HEADERS_TIMEOUT_MS
  server.requestTimeout = REQUEST_TIMEOUT_MS
  return server
}

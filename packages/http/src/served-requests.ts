import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { AppEnv } from './http-deps.ts'

/** One answered request, as logs and metrics see it: never its path, query or headers. */
export interface ServedRequest {
  readonly requestId: string
  readonly method: string
  /** The route template (`/api/v2/organizations/:name`), or `unmatched` when no route served it. */
  readonly route: string
  readonly status: number
  /** Until the response started: a streamed body (an archive download) may take longer. */
  readonly durationMs: number
}

const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * A client's request id is kept when it looks like one (a load balancer's or a caller's, to follow
 * a request across services); anything else, or nothing, gets a fresh UUID.
 */
const ACCEPTED_REQUEST_ID = /^[\w.:-]{1,128}$/

/**
 * Gives every request an id (echoed in `X-Request-Id`) and reports it once answered. The route
 * template, not the path, is reported: paths and queries carry secrets (signed upload links, the
 * initial admin creation token), and templates keep the number of metric series bounded.
 */
export function trackRequests(onServed: (request: ServedRequest) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const offered = c.req.header(REQUEST_ID_HEADER)
    const requestId = offered !== undefined && ACCEPTED_REQUEST_ID.test(offered) ? offered : crypto.randomUUID()
    c.set('requestId', requestId)
    const outgoing = nodeResponseOf(c.env)
    // On Node, straight on the socket's response: headers set on `c.res` after the handler would
    // turn its light response into a full Fetch one, which costs more than the rest of a cached read.
    outgoing?.setHeader(REQUEST_ID_HEADER, requestId)
    await next()
    if (outgoing === undefined) c.res.headers.set(REQUEST_ID_HEADER, requestId)
    onServed({
      requestId,
      method: c.req.method,
      route: routeTemplate(matchedRoutes(c)),
      status: c.res.status,
      durationMs: performance.now() - started,
    })
  }
}

/** The response of `@hono/node-server`'s bindings (`c.env.outgoing`), when the app is served by it. */
function nodeResponseOf(env: unknown): { setHeader(name: string, value: string): unknown } | undefined {
  if (typeof env !== 'object' || env === null || !('outgoing' in env)) return undefined
  const { outgoing } = env
  return typeof outgoing === 'object' && outgoing !== null && 'setHeader' in outgoing && typeof outgoing.setHeader === 'function'
    ? (outgoing as { setHeader(name: string, value: string): unknown })
    : undefined
}

/** The last route matched with a method of its own: middleware is registered for every method. */
function routeTemplate(routes: ReturnType<typeof matchedRoutes>): string {
  return routes.findLast((route) => route.method !== 'ALL')?.path ?? 'unmatched'
}

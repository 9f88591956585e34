import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { operation } from '../openapi/operation.ts'
import { json, noContent } from '../openapi/responses.ts'

const OK = json('ok', { type: 'object', properties: { status: { const: 'ok' } } })
const PING = operation({
  summary: 'Ping',
  description: 'Answers with the API version headers the official Go client reads (no rate limit is announced: none is enforced).',
  tag: 'operations',
  security: [],
  responses: { 204: noContent('The API is here') },
})
const HEALTHZ = operation({
  summary: 'Liveness: the process is up',
  tag: 'operations',
  security: [],
  errors: 'none',
  responses: { 200: OK },
})
const READYZ = operation({
  summary: 'Readiness: the store answers',
  tag: 'operations',
  security: [],
  responses: { 200: OK, 503: { description: 'Not ready' } },
})

/**
 * `GET /api/v2/ping`, which the official Go client calls once when it starts and reads only
 * headers from; `/healthz` (the process is up) and `/readyz` (the store answers).
 */
export function pingRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .get('/api/v2/ping', PING, (c) => {
      c.header('TFP-API-Version', '2.6')
      c.header('TFP-AppName', 'Cairn')
      c.header('X-TFE-Version', 'cairn')
      // No X-RateLimit-Limit: the Go client then paces itself by nothing, and Cairn enforces no
      // request rate to announce (password guessing backs off on its own, see SignIn).
      return c.body(null, 204)
    })
    .get('/healthz', HEALTHZ, (c) => c.json({ status: 'ok' }))
    .get('/readyz', READYZ, async (c) => {
      await deps.health.check()
      return c.json({ status: 'ok' })
    })
}

import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'

/**
 * `GET /api/v2/ping`, which the official Go client calls once when it starts and reads only
 * headers from; `/healthz` (the process is up) and `/readyz` (the store answers).
 */
export function pingRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .get('/api/v2/ping', (c) => {
      c.header('TFP-API-Version', '2.6')
      c.header('TFP-AppName', 'Cairn')
      c.header('X-TFE-Version', 'cairn')
      c.header('X-RateLimit-Limit', '30')
      return c.body(null, 204)
    })
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      await deps.health.check()
      return c.json({ status: 'ok' })
    })
}

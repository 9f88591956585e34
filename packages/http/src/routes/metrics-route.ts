import { CairnError } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv } from '../http-deps.ts'
import { operation } from '../openapi/operation.ts'
import { bodyOfType } from '../openapi/responses.ts'

const METRICS = operation({
  summary: 'Prometheus metrics',
  description: 'With `Authorization: Bearer <CAIRN_METRICS_TOKEN>`; absent unless configured.',
  tag: 'operations',
  security: [{ metricsToken: [] }],
  responses: { 200: bodyOfType('The metrics in Prometheus’s text format', 'text/plain') },
})

/** Where `/metrics` gets its text, and who decides whether a scraper's bearer token is the one. */
export interface MetricsEndpoint {
  /** Compares in constant time, like any secret. */
  accepts(token: string): boolean
  render(): Promise<{ readonly contentType: string; readonly body: string }>
}

/**
 * `GET /metrics` in Prometheus's text format, for a scraper that sends `Authorization: Bearer
 * <token>`. Not a user's token: metrics name routes and rates of the whole server, so they are
 * the operator's, and a scraper needs no account.
 */
export function metricsRoute(metrics: MetricsEndpoint) {
  return new Hono<AppEnv>().get('/metrics', METRICS, async (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    if (token === undefined || !metrics.accepts(token)) {
      throw new CairnError('unauthenticated', 'the metrics token is required: Authorization: Bearer <CAIRN_METRICS_TOKEN>')
    }
    const { contentType, body } = await metrics.render()
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' })
  })
}

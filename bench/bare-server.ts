/**
 * The bare endpoint every ratio is taken against: a Hono app on `@hono/node-server`, the stack
 * Cairn serves with, answering `GET /` with 204 and doing nothing else. Run as a child process
 * by `processes.ts`; prints the line `listening on <url>`.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'

const app = new Hono().get('/', (c) => c.body(null, 204))
const server = serve({ fetch: app.fetch, port: Number(process.env['PORT'] ?? 0) }, (info: AddressInfo) => {
  console.log(`listening on http://127.0.0.1:${info.port}`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))

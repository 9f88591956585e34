/**
 * The bare endpoint every ratio is taken against: a Hono app on `@hono/node-server`, the stack
 * Cairn serves with, answering `GET /` with a static JSON body and doing nothing else: the
 * floor of what any server on that stack can answer. Run as a child process by `processes.ts`;
 * prints the line `listening on <url>`.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'

const BODY = JSON.stringify({ status: 'ok' })

const app = new Hono().get('/', (c) => c.body(BODY, 200, { 'Content-Type': 'application/json' }))
const server = serve({ fetch: app.fetch, port: Number(process.env['PORT'] ?? 0) }, (info: AddressInfo) => {
  console.log(`listening on http://127.0.0.1:${info.port}`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))

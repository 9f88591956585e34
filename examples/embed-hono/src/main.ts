import { createCairn } from '@cairn/server'
import { serve } from '@hono/node-server'
import { hostApp } from './host-app.ts'
import { seedDemo } from './seed-demo.ts'

const port = Number(process.env['PORT'] ?? 3000)
// In memory: everything is gone when the process ends. See docs/embedding.md for the other stores.
const cairn = await createCairn({ store: { kind: 'memory' }, basePath: '/registry' })
const { token } = await seedDemo(cairn)
const server = serve({ fetch: hostApp(cairn).fetch, port }, (info) => {
  console.log(`listening on http://localhost:${info.port}; Cairn is at /registry`)
  console.log(`  curl -H "Authorization: Bearer ${token}" http://localhost:${info.port}/registry/api/v2/organizations/acme`)
})

process.once('SIGINT', () => server.close(() => void cairn.close()))
process.once('SIGTERM', () => server.close(() => void cairn.close()))

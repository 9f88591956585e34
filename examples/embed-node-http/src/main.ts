import { createCairn, OPERATOR } from '@cairn/server'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostListener, REGISTRY_PATH } from './host-listener.ts'

const port = Number(process.env['PORT'] ?? 3000)
// In memory: everything is gone when the process ends. See docs/embedding.md for the other stores.
const cairn = await createCairn({ store: { kind: 'memory' }, basePath: REGISTRY_PATH })
await cairn.useCases.users.create({ username: 'admin', email: 'admin@example.com', isSiteAdmin: true }, OPERATOR)
const { bearer } = await cairn.useCases.tokens.createForUser({ user: { username: 'admin' }, description: 'example' }, OPERATOR)

const server = createServer(hostListener(cairn))
server.listen(port, () => {
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  console.log(`listening on ${url}; Cairn is at ${REGISTRY_PATH}`)
  console.log(`  curl -H "Authorization: Bearer ${bearer}" ${url}${REGISTRY_PATH}/api/v2/account/details`)
})

process.once('SIGINT', () => server.close(() => void cairn.close()))
process.once('SIGTERM', () => server.close(() => void cairn.close()))

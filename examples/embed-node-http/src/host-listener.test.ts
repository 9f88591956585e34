import { createCairn, OPERATOR } from '@cairn/server'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { hostListener, REGISTRY_PATH } from './host-listener.ts'

describe('the node:http example', () => {
  it('serves its own page, and Cairn under /registry over a real socket', async () => {
    const cairn = await createCairn({ store: { kind: 'memory' }, basePath: REGISTRY_PATH })
    const server = createServer(hostListener(cairn))
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      await cairn.useCases.users.create({ username: 'admin', email: 'admin@example.com' }, OPERATOR)
      const { bearer } = await cairn.useCases.tokens.createForUser({ user: { username: 'admin' } }, OPERATOR)
      expect(await (await fetch(url)).text()).toContain(REGISTRY_PATH)
      const response = await fetch(`${url}${REGISTRY_PATH}/api/v2/account/details`, { headers: { Authorization: `Bearer ${bearer}` } })
      expect(response.status).toBe(200)
    } finally {
      await new Promise((resolve) => server.close(resolve))
      await cairn.close()
    }
  })
})

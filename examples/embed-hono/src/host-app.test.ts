import { createCairn } from '@cairn/server'
import { describe, expect, it } from 'vitest'
import { hostApp } from './host-app.ts'
import { seedDemo } from './seed-demo.ts'

describe('the Hono example', () => {
  it('serves its own page and the seeded organization under /registry', async () => {
    const cairn = await createCairn({ store: { kind: 'memory' }, basePath: '/registry' })
    try {
      const { token } = await seedDemo(cairn)
      const app = hostApp(cairn)
      expect(await (await app.request('/')).text()).toContain('/registry')
      const response = await app.request('/registry/api/v2/organizations/acme', { headers: { Authorization: `Bearer ${token}` } })
      expect(response.status).toBe(200)
      const discovery = (await (await app.request('/.well-known/terraform.json')).json()) as Record<string, unknown>
      expect(discovery['modules.v1']).toBe('/registry/api/registry/v1/modules/')
    } finally {
      await cairn.close()
    }
  })
})

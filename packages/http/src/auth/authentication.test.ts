import { describe, expect, it } from 'vitest'
import { testApp } from '../test-support/test-app.ts'

const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/v2/admin/tool-versions'],
  ['POST', '/api/v2/admin/tool-versions'],
  ['GET', '/api/v2/admin/tool-versions/tool-0000000000000001'],
  ['PATCH', '/api/v2/admin/tool-versions/tool-0000000000000001'],
  ['DELETE', '/api/v2/admin/tool-versions/tool-0000000000000001'],
  ['GET', '/admin/terraform-versions'],
  ['DELETE', '/admin/tool-versions/tool-0000000000000001'],
]

describe('authentication on every admin route', () => {
  it.each(ADMIN_ROUTES)('%s %s: 401 without a token, with an unknown one, or with a malformed header', async (method, path) => {
    const t = await testApp()
    for (const headers of [{}, { Authorization: 'Bearer at-nope.cairn.nope' }, { Authorization: 'Basic abc' }]) {
      const response = await t.app.request(path, { method, headers })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'unauthorized' })] })
    }
  })

  it.each(ADMIN_ROUTES)('%s %s: 404 for a non-administrator', async (method, path) => {
    const t = await testApp()
    const response = await t.call(method, path, t.memberToken, method === 'POST' || method === 'PATCH' ? {} : undefined)
    expect(response.status).toBe(404)
  })

  it("401 for a suspended user's token", async () => {
    const t = await testApp()
    await t.deps.unitOfWork.run(async ({ users }) => {
      const admin = await users.findByUsername('admin')
      if (admin) await users.update(admin.suspend())
    })
    expect((await t.call('GET', '/api/v2/admin/tool-versions', t.adminToken)).status).toBe(401)
  })

  it('401 for unknown /api/v2 routes without a token, 404 with one', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/api/v2/nothing-here', null)).status).toBe(401)
    expect((await t.call('GET', '/api/v2/nothing-here', t.memberToken)).status).toBe(404)
  })
})

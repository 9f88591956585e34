import { describe, expect, it } from 'vitest'
import { testApp } from '../test-support/test-app.ts'

const ADMIN_OPERATIONS: [string, string][] = [
  ['GET', '/tool-versions'],
  ['POST', '/tool-versions'],
  ['GET', '/tool-versions/tool-0000000000000001'],
  ['PATCH', '/tool-versions/tool-0000000000000001'],
  ['DELETE', '/tool-versions/tool-0000000000000001'],
  ['GET', '/terraform-versions'],
  ['POST', '/terraform-versions'],
  ['GET', '/terraform-versions/tool-0000000000000001'],
  ['PATCH', '/terraform-versions/tool-0000000000000001'],
  ['DELETE', '/terraform-versions/tool-0000000000000001'],
  ['GET', '/workspaces'],
  ['GET', '/workspaces/ws-0000000000000001'],
  ['DELETE', '/workspaces/ws-0000000000000001'],
  ['GET', '/users'],
  ['POST', '/users'],
  ['DELETE', '/users/TARGET'],
  ['POST', '/users/TARGET/actions/suspend'],
  ['POST', '/users/TARGET/actions/unsuspend'],
  ['POST', '/users/TARGET/actions/grant_admin'],
  ['POST', '/users/TARGET/actions/revoke_admin'],
  ['POST', '/users/TARGET/actions/disable_two_factor'],
  ['POST', '/users/TARGET/actions/impersonate'],
  ['POST', '/users/actions/unimpersonate'],
  ['GET', '/audit-events'],
]

const ROUTES = ['/api/v2/admin', '/admin'].flatMap((prefix) =>
  ADMIN_OPERATIONS.map(([method, path]): [string, string] => [method, `${prefix}${path}`]),
)

/** One table over every admin route: who gets which answer (spec §5.4, reference §1.1). */
describe('every admin route', () => {
  it.each(ROUTES)(
    '%s %s: 401 without a token, with an unknown or malformed one; 404 for a non-admin; 401 when suspended',
    async (method, template) => {
      const t = await testApp()
      const path = template.replace('TARGET', t.admin.user.id)
      const body = method === 'POST' || method === 'PATCH' ? { reason: 'x', data: { type: 'users', attributes: {} } } : undefined
      for (const credential of [null, 'at-0000000000000009.cairn.nope', 'garbage']) {
        const response = await t.call(method, path, credential, body)
        expect(response.status).toBe(401)
        expect(await response.json()).toEqual({ errors: [expect.objectContaining({ status: '401', title: 'unauthorized' })] })
      }
      const malformed = await t.app.request(path, { method, headers: { Authorization: 'Basic abc' } })
      expect(malformed.status).toBe(401)

      const asMember = await t.call(method, path, t.memberToken, body)
      expect(asMember.status).toBe(404)
      expect(await asMember.json()).toEqual({ errors: [expect.objectContaining({ status: '404', title: 'not found' })] })

      const { user, token } = await t.signUp('suspended', { isSiteAdmin: true })
      await t.deps.unitOfWork.run(({ users }) => users.update(user.suspend()))
      expect((await t.call(method, path, token, body)).status).toBe(401)
    },
  )

  it('are absent from the hosted edition', async () => {
    const t = await testApp({ edition: 'hosted' })
    for (const [method, path] of ROUTES) {
      expect((await t.call(method, path.replace('TARGET', t.admin.user.id), t.adminToken)).status).toBe(404)
    }
  })

  it('401 for unknown /api/v2 routes without a token, 404 with one', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/api/v2/nothing-here', null)).status).toBe(401)
    expect((await t.call('GET', '/api/v2/nothing-here', t.memberToken)).status).toBe(404)
  })
})

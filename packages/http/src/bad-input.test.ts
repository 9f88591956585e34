import { describe, expect, it } from 'vitest'
import { testApp } from './test-support/test-app.ts'

describe('control characters and NUL bytes', () => {
  it.each([
    '/api/v2/admin/tool-versions/a%00b',
    '/admin/users/a%00b/actions/suspend',
    '/api/v2/organizations/ac%00me',
    '/api/v2/admin/users?q=%00',
    '/api/v2/admin/tool-versions?filter%5Bversion%5D=1%0A',
    '/api/v2/registry-modules/actions/delete/ac%0Dme/vpc',
  ])('400 for %s, with an error object', async (path) => {
    const t = await testApp()
    const response = await t.call(path.includes('actions/') ? 'POST' : 'GET', path, t.adminToken)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { errors: { status: string }[] }).errors[0]?.status).toBe('400')
  })

  it('422 for a NUL character anywhere in a JSON body', async () => {
    const t = await testApp()
    const body = {
      data: { type: 'tool-versions', attributes: { version: '1.0.0', url: 'https://x.test/a\u0000.zip', sha: 'a'.repeat(64) } },
    }
    const response = await t.call('POST', '/api/v2/admin/tool-versions', t.adminToken, body)
    expect(response.status).toBe(422)
  })

  it('401 for characters no token has, in a token or a session cookie', async () => {
    const t = await testApp()
    for (const credential of [
      'at-1.cairn.x"y',
      'at-1.cairn.é',
      { cookie: 'cairn_session=sess-%00.cairn.x' },
      { cookie: 'cairn_session=a%0A.cairn.b' },
    ]) {
      expect((await t.call('GET', '/api/v2/account/details', credential)).status).toBe(401)
    }
  })

  it('deprecated routes encode path segments in their Link header', async () => {
    const t = await testApp()
    const response = await t.call('GET', '/api/v2/registry-modules/show/acm%C3%A9/vpc/aws', t.memberToken)
    expect(response.status).toBe(404)
    expect(response.headers.get('Link')).toContain('acm%C3%A9')
  })
})

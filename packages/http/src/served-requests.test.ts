import { describe, expect, it } from 'vitest'
import { testApp } from './test-support/test-app.ts'

describe('request tracking', () => {
  it('reports each answered request once, by route template, with its status and duration', async () => {
    const t = await testApp()
    const response = await t.call('GET', '/api/v2/organizations/no-such-org', t.adminToken)
    expect(response.status).toBe(404)
    expect(t.served).toHaveLength(1)
    const [served] = t.served
    expect(served).toMatchObject({ method: 'GET', route: '/api/v2/organizations/:name', status: 404 })
    expect(served?.durationMs).toBeGreaterThanOrEqual(0)
    expect(response.headers.get('X-Request-Id')).toBe(served?.requestId)
  })

  it('reports a request refused before its handler ran under the route it asked for', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/api/v2/organizations/acme', null)).status).toBe(401)
    expect(t.served[0]).toMatchObject({ route: '/api/v2/organizations/:name', status: 401 })
  })

  it('reports a path no route serves as unmatched, never the path itself', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/no/such/secret-path', null)).status).toBe(404)
    expect(t.served[0]).toMatchObject({ route: 'unmatched', status: 404 })
  })

  it('keeps a sensible X-Request-Id from the client and echoes it, also on errors', async () => {
    const t = await testApp()
    const response = await t.app.request('/api/v2/organizations/acme', { headers: { 'X-Request-Id': 'lb-7f3a.42' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('X-Request-Id')).toBe('lb-7f3a.42')
    expect(t.served[0]?.requestId).toBe('lb-7f3a.42')
  })

  it('replaces a request id that is too long or has characters logs should not carry', async () => {
    const t = await testApp()
    for (const offered of ['x'.repeat(129), 'a b', 'id"}{']) {
      const response = await t.app.request('/healthz', { headers: { 'X-Request-Id': offered } })
      expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('gives the id of the request to the log of an unexpected failure and to its answer', async () => {
    const t = await testApp()
    t.deps.health.check = () => Promise.reject(new Error('boom'))
    const response = await t.app.request('/readyz', { headers: { 'X-Request-Id': 'req-1' } })
    expect(response.status).toBe(500)
    expect(response.headers.get('X-Request-Id')).toBe('req-1')
    expect(await response.text()).toContain('req-1')
    expect(t.logged).toEqual([expect.objectContaining({ details: expect.objectContaining({ requestId: 'req-1' }) })])
  })
})

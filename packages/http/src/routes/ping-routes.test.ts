import { describe, expect, it } from 'vitest'
import { testApp } from '../test-support/test-app.ts'

describe('ping and health', () => {
  it('GET /api/v2/ping answers without a token, with the headers the Go client reads', async () => {
    const t = await testApp()
    const response = await t.call('GET', '/api/v2/ping', null)
    expect(response.status).toBe(204)
    expect(response.headers.get('TFP-API-Version')).toBe('2.6')
    expect(response.headers.get('TFP-AppName')).toBe('Cairn')
    // Cairn enforces no request rate, so it announces none (go-tfe then does not pace itself).
    expect(response.headers.get('X-RateLimit-Limit')).toBeNull()
    expect(response.headers.get('X-TFE-Version')).toBeTruthy()
  })

  it('GET /healthz answers 200', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/healthz', null)).status).toBe(200)
  })

  it('GET /readyz answers 200 while the store answers, 503 when it does not', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/readyz', null)).status).toBe(200)
    t.deps.health.healthy = false
    const response = await t.call('GET', '/readyz', null)
    expect(response.status).toBe(503)
    expect(((await response.json()) as { errors: { status: string }[] }).errors[0]?.status).toBe('503')
  })

  it('answers an unexpected failure with a generic 500 and logs it', async () => {
    const t = await testApp()
    t.deps.health.check = () => Promise.reject(new Error('secret details'))
    const response = await t.call('GET', '/readyz', null)
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('secret details')
    expect(t.logged).toHaveLength(1)
  })
})

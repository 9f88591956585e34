import { InMemoryExpiringCache } from '@cairn/memory'
import { describe, expect, it } from 'vitest'
import { createHttpApp } from '../app.ts'
import { testApp } from '../test-support/test-app.ts'

const TOKEN = 'metrics-token-0123456789'

async function appWithMetrics() {
  const t = await testApp()
  const app = createHttpApp({
    ...t.useCases,
    health: t.deps.health,
    edition: 'self-hosted',
    answerCache: new InMemoryExpiringCache(),
    log: { error: () => undefined },
    metrics: { accepts: (token) => token === TOKEN, render: async () => ({ contentType: 'text/plain; version=0.0.4', body: 'up 1\n' }) },
  })
  return { app, t }
}

describe('GET /metrics', () => {
  it('answers the metrics text to a scraper with the metrics token', async () => {
    const { app } = await appWithMetrics()
    const response = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/plain; version=0.0.4')
    expect(await response.text()).toBe('up 1\n')
  })

  it('refuses no token, a wrong one and a user API token with a JSON:API 401', async () => {
    const { app, t } = await appWithMetrics()
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${t.adminToken}`, TOKEN]) {
      const response = await app.request('/metrics', authorization === undefined ? {} : { headers: { Authorization: authorization } })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ errors: [{ status: '401' }] })
    }
  })

  it('does not exist when not configured', async () => {
    const t = await testApp()
    expect((await t.call('GET', '/metrics', t.adminToken)).status).toBe(404)
  })
})

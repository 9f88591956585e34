import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { userToken } from './test-support/cli.ts'
import { testConfig } from './test-support/test-config.ts'

const METRICS_TOKEN = 'scrape-me-0123456789abcdef'

/** The value of the sample `name{labels}` in Prometheus text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('Prometheus metrics of a real server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-metrics-'))
  let server: RunningServer
  let token: string

  beforeAll(async () => {
    const env = { CAIRN_DATA_DIR: dataDir, PORT: '0', CAIRN_METRICS_TOKEN: METRICS_TOKEN, CAIRN_CACHE_MAX_MIB: '8' }
    token = await userToken(env, 'reader')
    server = await startServer(testConfig(env))
  }, 60_000)

  afterAll(async () => {
    await server.stop()
  })

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return response.text()
  }

  it('counts requests by route template and status, with latency histograms', async () => {
    const before = await scrape()
    const series = 'cairn_http_requests_total{method="GET",route="/api/v2/organizations/:name",status="404"}'
    for (const name of ['zq-org-alpha', 'zq-org-beta', 'zq-org-gamma']) {
      const response = await fetch(`${server.url}/api/v2/organizations/${name}`, { headers: { Authorization: `Bearer ${token}` } })
      expect(response.status).toBe(404)
    }
    const after = await scrape()
    expect((sample(after, series) ?? 0) - (sample(before, series) ?? 0)).toBe(3)
    // One series per route, never per path: the organization names appear nowhere.
    expect(after).not.toContain('zq-org')
    const bucket = 'cairn_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v2/organizations/:name",status="404"}'
    expect(sample(after, bucket)).toBeGreaterThanOrEqual(3)
    expect(
      sample(after, 'cairn_http_request_duration_seconds_count{method="GET",route="/api/v2/organizations/:name",status="404"}'),
    ).toBeGreaterThanOrEqual(3)
  })

  it('counts credential cache hits and misses: the second request with a token finds it cached', async () => {
    const before = await scrape()
    await fetch(`${server.url}/api/v2/account/details`, { headers: { Authorization: `Bearer ${token}` } })
    await fetch(`${server.url}/api/v2/account/details`, { headers: { Authorization: `Bearer ${token}` } })
    const after = await scrape()
    const hits = (text: string) => sample(text, 'cairn_cache_lookups_total{cache="credentials",result="hit"}') ?? 0
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(1)
    expect(after).toContain('cairn_cache_lookups_total{cache="credentials",result="miss"}')
  })

  it('reports every cache with its bytes held and its bound, the bounds splitting CAIRN_CACHE_MAX_MIB (8 MiB here)', async () => {
    await fetch(`${server.url}/api/v2/account/details`, { headers: { Authorization: `Bearer ${token}` } })
    const text = await scrape()
    const caches = ['credentials', 'access', 'protocol', 'providers', 'answers', 'upstream', 'origins', 'mirror', 'packages']
    const bounds = caches.map((cache) => sample(text, `cairn_cache_max_bytes{cache="${cache}"}`) ?? 0)
    expect(bounds.every((bound) => bound > 0)).toBe(true)
    const total = bounds.reduce((sum, bound) => sum + bound, 0)
    expect(total).toBeLessThanOrEqual(8 * 1024 * 1024)
    expect(total).toBeGreaterThan(8 * 1024 * 1024 - 8)
    expect(sample(text, 'cairn_cache_bytes{cache="credentials"}')).toBeGreaterThan(0)
    for (const cache of caches) expect(sample(text, `cairn_cache_evictions_total{cache="${cache}"}`)).toBe(0)
  })

  it("has the process's own metrics", async () => {
    const text = await scrape()
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(`\n${name} `)
    }
  })

  it('refuses a scraper without the metrics token, or with a user API token', async () => {
    for (const headers of [{}, { Authorization: `Bearer ${token}` }, { Authorization: 'Bearer wrong-0123456789abcdef' }]) {
      const response = await fetch(`${server.url}/metrics`, { headers })
      expect(response.status).toBe(401)
      expect(await response.text()).not.toContain('cairn_http_requests_total')
    }
  })
})

describe('metrics left unconfigured', () => {
  it('are not served: /metrics is a 404', async () => {
    const server = await startServer(testConfig({ CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-metrics-off-')), PORT: '0' }))
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    } finally {
      await server.stop()
    }
  }, 60_000)
})

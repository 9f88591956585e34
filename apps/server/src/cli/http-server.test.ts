import { describe, expect, it } from 'vitest'
import { createNodeServer, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './http-server.ts'

describe('the standalone Node server', () => {
  it('keeps idle connections past a load balancer’s 60 s idle timeout, with the headers timeout beyond it', () => {
    const server = createNodeServer(undefined, (_request, response) => response.end())
    expect(server.keepAliveTimeout).toBe(65_000)
    expect(server.headersTimeout).toBe(66_000)
    expect(server.requestTimeout).toBe(300_000)
    expect([KEEP_ALIVE_TIMEOUT_MS, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS]).toEqual([65_000, 66_000, 300_000])
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout)
  })
})

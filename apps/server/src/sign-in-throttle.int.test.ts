import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { loadConfig } from './cli/config.ts'

const PASSWORD = 'a long enough password'
/** Any well-formed token: the form echoes the cookie it was sent with. */
const CSRF = 'x'.repeat(43)

/**
 * Password sign-in through the real server (scrypt, the bounded hasher, the in-memory back-off),
 * behind a trusted proxy on loopback so that each request can name its client in X-Forwarded-For.
 */
describe('password sign-in backs off, through the real server', { timeout: 120_000 }, () => {
  let server: RunningServer

  beforeAll(async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-sign-in-')), 'data')
    server = await startServer(loadConfig({ CAIRN_DATA_DIR: dataDir, PORT: '0', CAIRN_TRUSTED_PROXIES: '127.0.0.1,::1' }))
    const created = await fetch(`${server.url}/admin/initial-admin-user?token=${server.initialAdminToken ?? ''}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'root', email: 'root@example.com', password: PASSWORD }),
    })
    expect(created.status).toBe(200)
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
  })

  function signIn(username: string, password: string, client: string) {
    return fetch(`${server.url}/app/sign-in/password`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, Cookie: `cairn_csrf=${CSRF}`, 'X-Forwarded-For': client },
      body: new URLSearchParams({ _csrf: CSRF, username, password, next: '/app/' }),
    })
  }

  /** `count` failed sign-ins, five at a time (the hasher takes 9: one hashing, 8 waiting). */
  async function fail(count: number, attempt: (index: number) => Promise<Response>) {
    for (let start = 0; start < count; start += 5) {
      const batch = await Promise.all(Array.from({ length: Math.min(5, count - start) }, (_, offset) => attempt(start + offset)))
      expect(batch.map((response) => response.status)).toEqual(batch.map(() => 401))
    }
  }

  it('answers 429 with Retry-After for a username after 10 failures, from any address; another user still signs in', async () => {
    await fail(10, (index) => signIn('ghost', 'guess', `198.51.100.${index}`))
    const limited = await signIn('ghost', 'guess', '198.51.100.200')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(800)
    expect(await limited.text()).toContain('Too many failed sign-ins')
    const root = await signIn('root', PASSWORD, '198.51.100.0')
    expect(root.status).toBe(303)
    expect(root.headers.get('Set-Cookie')).toContain('cairn_session=')
  })

  it('answers 429 to an address after 30 failures over any usernames, even with a right password; other addresses still sign in', async () => {
    await fail(30, (index) => signIn(`user-${index}`, 'guess', '203.0.113.5'))
    const limited = await signIn('root', PASSWORD, '203.0.113.5')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await signIn('root', PASSWORD, '203.0.113.6')).status).toBe(303)
  })

  it('hashes at most a bounded number of passwords at once: a flood is partly refused with 503 at once, never queued without end', async () => {
    const flood = await Promise.all(Array.from({ length: 40 }, (_, index) => signIn(`flood-${index}`, 'guess', `192.0.2.${index}`)))
    const statuses = flood.map((response) => response.status)
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(9)
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0)
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true)
    const refused = flood.find((response) => response.status === 503)
    expect(refused?.headers.get('Retry-After')).toBe('2')
  })
})

import { scratchDatabase } from '@cairn/persistence/testing'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cairn } from '../test-support/cli.ts'
import { spawnServer } from '../test-support/server-process.ts'

const MAIN = join(import.meta.dirname, 'main.ts')
const IACT_LINE = /"initialAdminToken":"([^"]+)"/

/** Starts `cairn serve` as its own process with `env` added. */
function serve(env: Record<string, string>) {
  return spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env: { ...process.env, ...env } })
}

function createAdmin(url: string, token: string, username = 'admin') {
  return fetch(`${url}/admin/initial-admin-user?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'correct horse battery staple' }),
  })
}

describe('the first site administrator, through the real server', () => {
  it('prints the IACT once, serves it on loopback, creates the admin whose token works, and stops offering it', async () => {
    const env = { CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-iact-')), PORT: '0' }
    const first = await serve(env)
    let earlier: string
    try {
      earlier = IACT_LINE.exec(first.log())?.[1] ?? ''
      expect(earlier).not.toBe('')
      expect(first.log().split(earlier).length - 1).toBe(1)
      const retrieved = await fetch(`${first.url.replace('localhost', '127.0.0.1')}/admin/retrieve-iact`)
      expect(retrieved.status).toBe(200)
      expect(await retrieved.text()).toBe(earlier)
      // A reverse proxy on this machine connects from loopback too: what it forwards is not local.
      const proxied = await fetch(`${first.url}/admin/retrieve-iact`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })
      expect(proxied.status).toBe(404)
    } finally {
      expect(await first.stop(), first.log()).toBe(0)
    }

    // After a restart the earlier token, stored hashed, still works; the new process has its own.
    const second = await serve(env)
    try {
      const own = IACT_LINE.exec(second.log())?.[1] ?? ''
      expect(own).not.toBe(earlier)
      // A wrong token costs no password hash: 20 at once answer faster than one scrypt hash here under load.
      const started = performance.now()
      const guesses = await Promise.all(Array.from({ length: 20 }, (_, index) => createAdmin(second.url, `wrong-${index}`)))
      expect(guesses.map((guess) => guess.status)).toEqual(Array.from({ length: 20 }, () => 404))
      expect(performance.now() - started).toBeLessThan(3000)
      const created = await createAdmin(second.url, earlier)
      expect(created.status).toBe(200)
      const { status, token } = (await created.json()) as { status: string; token: string }
      expect(status).toBe('created')
      const users = await fetch(`${second.url}/api/v2/admin/users`, { headers: { Authorization: `Bearer ${token}` } })
      expect(users.status).toBe(200)
      expect(await users.json()).toMatchObject({ data: [{ attributes: { username: 'admin', 'is-admin': true } }] })
      // Used: neither token works again, and the IACT is no longer shown.
      expect((await createAdmin(second.url, own, 'other')).status).toBe(404)
      expect((await fetch(`${second.url}/admin/retrieve-iact`)).status).toBe(404)
    } finally {
      expect(await second.stop(), second.log()).toBe(0)
    }

    // With an administrator, a start prints no IACT; the CLI still works.
    const third = await serve(env)
    try {
      expect(third.log()).not.toMatch(IACT_LINE)
    } finally {
      expect(await third.stop(), third.log()).toBe(0)
    }
    const token = await cairn(env, 'token', 'create', '--username', 'admin')
    expect(token.code).toBe(0)
  }, 120_000)

  it('behind a trusted proxy, serves the IACT to the forwarded clients of the IACT subnets only', async () => {
    const server = await serve({
      CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-iact-proxy-')),
      PORT: '0',
      CAIRN_TRUSTED_PROXIES: '127.0.0.1,::1',
      CAIRN_IACT_SUBNET_LIST: '10.0.0.0/8',
    })
    try {
      const iact = IACT_LINE.exec(server.log())?.[1] ?? ''
      const forwardedFor = (client: string) => fetch(`${server.url}/admin/retrieve-iact`, { headers: { 'X-Forwarded-For': client } })
      expect((await forwardedFor('203.0.113.9')).status).toBe(404)
      expect((await forwardedFor('10.0.0.1, 203.0.113.9')).status).toBe(404)
      const allowed = await forwardedFor('10.1.2.3')
      expect(allowed.status).toBe(200)
      expect(await allowed.text()).toBe(iact)
      expect((await createAdmin(server.url, iact)).status).toBe(200)
    } finally {
      expect(await server.stop(), server.log()).toBe(0)
    }
  }, 120_000)

  it('on PostgreSQL, a token printed by one process creates the admin through another', async () => {
    const database = await scratchDatabase()
    const env = (dir: string) => ({ DATABASE_URL: database.url, PORT: '0', CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), dir)) })
    try {
      // One after the other: the first applies the migrations.
      const one = await serve(env('cairn-iact-one-'))
      const two = await serve(env('cairn-iact-two-'))
      try {
        const printedByOne = IACT_LINE.exec(one.log())?.[1] ?? ''
        expect((await createAdmin(two.url, printedByOne)).status).toBe(200)
        expect((await fetch(`${one.url}/admin/retrieve-iact`)).status).toBe(404)
        expect((await createAdmin(one.url, IACT_LINE.exec(two.log())?.[1] ?? '', 'other')).status).toBe(404)
      } finally {
        expect(await one.stop()).toBe(0)
        expect(await two.stop()).toBe(0)
      }
    } finally {
      await database.drop()
    }
  }, 120_000)
})

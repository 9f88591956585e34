import { scratchDatabase } from '@cairn/persistence/testing'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cairn } from './test-support/cli.ts'
import { RegistryClient } from './test-support/registry-client.ts'
import { spawnServer, type ServerProcess } from './test-support/server-process.ts'

const MAIN = join(import.meta.dirname, 'cli', 'main.ts')

interface LogLine {
  level: number
  msg: string
  requestId?: string
  route?: string
  status?: number
  durationMs?: number
  initialAdminToken?: string
}

/**
 * A whole scenario against a real server process whose log is captured: first admin with the IACT
 * and a password, users and tokens, an impersonation session, an upload through a signed link, a
 * download through another. The log must tell every request apart and hold none of the secrets.
 */
describe('the log of a real server', () => {
  const signingKey = randomBytes(32).toString('hex')
  const password = `pw-${randomBytes(12).toString('hex')}`
  let database: { url: string; drop: () => Promise<void> }
  let server: ServerProcess
  const secrets: Record<string, string> = {}
  let iact = ''

  beforeAll(async () => {
    database = await scratchDatabase()
    const env = {
      DATABASE_URL: database.url,
      PORT: '0',
      CAIRN_SIGNING_KEY: signingKey,
      CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-log-')),
    }
    server = await spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env: { ...process.env, ...env } })
    const client = new RegistryClient(server.url)

    const admin = await client.createInitialAdmin('admin', password)
    iact = admin.iact
    const userId = await client.createUser(admin.token, 'alice')
    const cookie = await client.impersonate(admin.token, userId)
    expect((await client.request('GET', '/api/v2/account/details', { cookie })).status).toBe(200)
    // Impersonation cannot make tokens: the user's own comes from the CLI, and is used here.
    const created = await cairn(env, 'token', 'create', '--username', 'alice')
    const user = JSON.parse(created.stdout) as { token: string }
    expect((await client.request('GET', '/api/v2/account/details', { token: user.token })).status).toBe(200)
    const second = await client.createToken({ token: admin.token })
    await client.createModule(admin.token, 'acme')
    const upload = await client.publishVersion(admin.token, 'acme', '1.0.0')
    const download = await client.downloadLink(admin.token, 'acme', '1.0.0')
    expect((await fetch(download)).status).toBe(200)
    const refused = `at-${randomBytes(16).toString('hex')}.cairn.${randomBytes(16).toString('hex')}`
    expect((await client.request('GET', '/api/v2/account/details', { token: refused })).status).toBe(401)
    const traced = await fetch(`${server.url}/api/v2/ping`, { headers: { 'X-Request-Id': 'trace-me-42' } })
    expect(traced.headers.get('X-Request-Id')).toBe('trace-me-42')

    Object.assign(secrets, {
      password,
      signingKey,
      adminToken: admin.token,
      userToken: user.token,
      secondAdminToken: second.token,
      refusedToken: refused,
      session: cookie.slice(cookie.indexOf('=') + 1),
      ...signedLink('upload', upload),
      ...signedLink('download', download),
    })
    await server.stop()
  }, 120_000)

  afterAll(async () => {
    await server.stop()
    await database.drop()
  })

  const lines = () =>
    server
      .log()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LogLine)

  it('is JSON, one object per line', () => {
    expect(lines().length).toBeGreaterThan(10)
  })

  it('has one line per request with its id, route template, status and duration', () => {
    const requests = lines().filter((line) => line.msg === 'request')
    expect(requests.length).toBeGreaterThanOrEqual(12)
    for (const line of requests) {
      expect(line).toMatchObject({
        requestId: expect.any(String),
        route: expect.any(String),
        status: expect.any(Number),
        durationMs: expect.any(Number),
      })
    }
    expect(new Set(requests.map((line) => line.requestId)).size).toBe(requests.length)
    expect(requests).toContainEqual(expect.objectContaining({ route: '/api/registry/v1/archives/:token/module.tar.gz', status: 200 }))
    expect(requests).toContainEqual(expect.objectContaining({ route: '/v1/object/:objectId', status: 200 }))
    expect(requests).toContainEqual(expect.objectContaining({ route: '/api/v2/account/details', status: 401 }))
    expect(requests).toContainEqual(expect.objectContaining({ requestId: 'trace-me-42', route: '/api/v2/ping', status: 204 }))
  })

  it('holds none of the secrets the scenario used', () => {
    const log = server.log()
    expect(Object.keys(secrets)).toHaveLength(11)
    const found = Object.entries(secrets).filter(([, secret]) => log.includes(secret))
    expect(found.map(([name]) => name)).toEqual([])
  })

  it('holds the IACT once: in the start-up line made to carry it, never in a request line', () => {
    expect(server.log().split(iact).length - 1).toBe(1)
    expect(lines().filter((line) => JSON.stringify(line).includes(iact))).toEqual([expect.objectContaining({ initialAdminToken: iact })])
  })
})

/** A signed link's token (path segment) and its MAC, which alone would prove nothing leaked. */
function signedLink(name: string, link: string): Record<string, string> {
  const token = decodeURIComponent(
    new URL(link).pathname.split('/').find((segment) => segment.includes('.') && !segment.endsWith('.tar.gz')) ?? '',
  )
  expect(token).toMatch(/^[\w-]+\.[\w-]+$/)
  return { [`${name}Link`]: token, [`${name}Mac`]: token.slice(token.indexOf('.') + 1) }
}

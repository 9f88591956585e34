import { CHANGE_POLL_MS } from '@cairn/persistence'
import { scratchDatabase } from '@cairn/persistence/testing'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { postgresCluster, whyNoPostgresCluster } from './test-support/postgres-cluster.ts'
import { RegistryClient } from './test-support/registry-client.ts'
import { spawnServer, type ServerProcess } from './test-support/server-process.ts'

const MAIN = join(import.meta.dirname, 'cli', 'main.ts')
const cannotRun = whyNoPostgresCluster()
/** How soon after PostgreSQL is back Cairn must serve normally again. */
const RECOVERY_BOUND_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * PostgreSQL stopped under a real server process and started again. The machine's cluster is
 * shared with every other test running here: it is down for about three seconds, and started
 * again whatever happens.
 */
describe.skipIf(cannotRun !== undefined)(`a PostgreSQL outage${cannotRun ? ` (skipped: ${cannotRun})` : ''}`, () => {
  const cluster = postgresCluster()
  let database: { url: string; drop: () => Promise<void> }
  let server: ServerProcess
  let client: RegistryClient
  let adminToken: string

  beforeAll(async () => {
    database = await scratchDatabase()
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: '0',
      CAIRN_SIGNING_KEY: randomBytes(32).toString('hex'),
      CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-outage-')),
    }
    server = await spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env })
    client = new RegistryClient(server.url)
    ;({ token: adminToken } = await client.createInitialAdmin('admin', `pw-${randomBytes(12).toString('hex')}`))
    await client.createModule(adminToken, 'acme')
  }, 120_000)

  afterAll(async () => {
    cluster.start()
    await server?.stop()
    await database?.drop()
  })

  it('answers 503 with a JSON:API error during it, is not ready, never exits, and serves within 5 s after', async ({ annotate }) => {
    const organizations = () => client.request('GET', '/api/v2/organizations', { token: adminToken })
    expect((await organizations()).status).toBe(200)

    // Load throughout: four clients asking in a loop, from before the stop to after the start.
    const statuses = new Map<number, number>()
    let loading = true
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          const { status } = await organizations()
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          await sleep(20)
        }
      }),
    )

    let during: { api: Response; apiBody: unknown; ready: Response; protocol: Response }
    let restartedAt: number
    try {
      cluster.stop()
      // Until the change feed's next read fails, this process may still answer reads it has kept
      // (the organization list among them); that read clears them, so wait one poll and a margin.
      await sleep(CHANGE_POLL_MS + 700)
      const api = await organizations()
      during = {
        api,
        apiBody: await api.json(),
        ready: await fetch(`${server.url}/readyz`),
        protocol: await client.request('GET', '/api/registry/v1/modules/acme', { token: adminToken }),
      }
      await sleep(1_500)
    } finally {
      cluster.start()
      restartedAt = Date.now()
    }

    // During the outage.
    expect(during.api.status).toBe(503)
    expect(during.api.headers.get('Content-Type')).toMatch(/^application\/vnd\.api\+json/)
    expect(during.apiBody).toMatchObject({ errors: [{ status: '503' }] })
    expect(during.ready.status).toBe(503)
    expect(during.protocol.status).toBe(503)

    // After it: normal service within the bound, and readiness back.
    let recoveredAfter: number | undefined
    while (recoveredAfter === undefined && Date.now() - restartedAt < RECOVERY_BOUND_MS + 5_000) {
      if ((await organizations()).status === 200 && (await fetch(`${server.url}/readyz`)).status === 200)
        recoveredAfter = Date.now() - restartedAt
      else await sleep(100)
    }
    loading = false
    await load
    expect(recoveredAfter).toBeDefined()
    expect(recoveredAfter).toBeLessThanOrEqual(RECOVERY_BOUND_MS)
    await annotate(`served normally ${recoveredAfter} ms after PostgreSQL was back; statuses under load: ${JSON.stringify([...statuses])}`)
    // Never anything but served or unavailable, and the process is still the one we started.
    expect([...statuses.keys()].sort()).toEqual([200, 503])
    expect(server.child.exitCode).toBeNull()
    expect((await client.request('GET', '/api/registry/v1/modules/acme', { token: adminToken })).status).toBe(200)
    // The change feed's failing reads are logged once, as an error, and once, as a warning, when it is read again.
    const feedLines = () =>
      server
        .log()
        .split('\n')
        .filter((line) => line.includes('change feed'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .map(({ level, msg }) => ({ level, msg }))
    await vi.waitFor(() => expect(feedLines()).toHaveLength(2), { timeout: 3 * CHANGE_POLL_MS })
    expect(feedLines()).toEqual([
      { level: 50, msg: 'the change feed cannot be read: caches are emptied every second until it can' },
      { level: 40, msg: 'the change feed is read again' },
    ])
  }, 60_000)
})

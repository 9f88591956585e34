import { startS3Server, whyNoS3Server, type S3Server } from '@cairn/blob-store/testing'
import { CHANGE_POLL_MS } from '@cairn/persistence'
import { scratchDatabase } from '@cairn/persistence/testing'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_ARCHIVE, RegistryClient, uploadArchive } from './test-support/registry-client.ts'
import { spawnServer, type ServerProcess } from './test-support/server-process.ts'

/** One poll of the change feed, and as much again for the timers and requests of a loaded machine. */
const FEED_BOUND_MS = 2 * CHANGE_POLL_MS

const MAIN = join(import.meta.dirname, 'cli', 'main.ts')
const BUCKET = 'cairn-modules'
const cannotRun = whyNoS3Server()

/** `link` with its origin replaced by `client`'s: the same signed path, asked of another process. */
const at = (client: RegistryClient, link: string) => `${client.url}${new URL(link).pathname}${new URL(link).search}`

/**
 * Two real server processes, started at the same moment on one fresh PostgreSQL database and one
 * S3 bucket (versitygw), sharing a signing key: what one writes the other serves, links signed by
 * one are honoured by the other, and a token revoked through one stops working on the other
 * within the credential cache's bound.
 */
describe.skipIf(cannotRun !== undefined)(
  `two server processes on one PostgreSQL and one S3 store${cannotRun ? ` (skipped: ${cannotRun})` : ''}`,
  () => {
    let database: { url: string; drop: () => Promise<void> }
    let s3: S3Server
    const servers: ServerProcess[] = []
    let a: RegistryClient
    let b: RegistryClient
    let adminToken: string

    beforeAll(async () => {
      ;[database, s3] = await Promise.all([scratchDatabase(), startS3Server()])
      await s3.createBucket(BUCKET)
      const shared = {
        DATABASE_URL: database.url,
        CAIRN_SIGNING_KEY: randomBytes(32).toString('hex'),
        CAIRN_S3_BUCKET: BUCKET,
        CAIRN_S3_ENDPOINT: s3.endpoint,
        CAIRN_S3_FORCE_PATH_STYLE: 'true',
        CAIRN_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        CAIRN_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        PORT: '0',
      }
      // At the same moment, on a database no migration has touched: they must not race.
      const started = await Promise.allSettled(
        ['a', 'b'].map((name) => {
          const env = { ...process.env, ...shared, CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), `cairn-process-${name}-`)) }
          return spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env })
        }),
      )
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value)
      const failed = started.find((result) => result.status === 'rejected')
      if (failed !== undefined) throw failed.reason
      ;[a, b] = servers.map((server) => new RegistryClient(server.url)) as [RegistryClient, RegistryClient]
      ;({ token: adminToken } = await a.createInitialAdmin('admin', `pw-${randomBytes(12).toString('hex')}`))
      await a.createModule(adminToken, 'acme')
    }, 600_000)

    afterAll(async () => {
      for (const server of servers) expect(await server.stop(), server.log()).toBe(0)
      await s3?.stop()
      await database?.drop()
    })

    it('a version uploaded through one is listed and downloadable through the other', async () => {
      await a.publishVersion(adminToken, 'acme', '1.0.0')
      const versions = await b.call<{ modules: { versions: { version: string }[] }[] }>(
        'GET',
        '/api/registry/v1/modules/acme/network/aws/versions',
        {
          token: adminToken,
        },
      )
      expect(versions.modules[0]?.versions.map((v) => v.version)).toEqual(['1.0.0'])
      const link = await b.downloadLink(adminToken, 'acme', '1.0.0')
      const archive = await fetch(link)
      expect(archive.status).toBe(200)
      expect(Buffer.from(await archive.arrayBuffer()).equals(FIXTURE_ARCHIVE)).toBe(true)
    })

    it('links signed by one process are honoured by the other: upload and download', async () => {
      const upload = await a.createVersion(adminToken, 'acme', '1.1.0')
      await uploadArchive(at(b, upload), FIXTURE_ARCHIVE)
      expect((await a.settledVersion(adminToken, 'acme', '1.1.0')).data.attributes.status).toBe('ok')
      const download = await a.downloadLink(adminToken, 'acme', '1.1.0')
      const archive = await fetch(at(b, download))
      expect(archive.status).toBe(200)
      expect(Buffer.from(await archive.arrayBuffer()).equals(FIXTURE_ARCHIVE)).toBe(true)
    })

    it('a session started on one process is a session on the other', async () => {
      const userId = await a.createUser(adminToken, 'alice')
      const cookie = await a.impersonate(adminToken, userId)
      const account = await b.call<{ data: { attributes: { username: string } } }>('GET', '/api/v2/account/details', { cookie })
      expect(account.data.attributes.username).toBe('alice')
    })

    it(`a token revoked through one is refused by the other within the change feed's bound (a ${CHANGE_POLL_MS} ms poll)`, async ({
      annotate,
    }) => {
      const { token, tokenId } = await a.createToken({ token: adminToken })
      // B has the token in its cache now.
      expect((await b.request('GET', '/api/v2/account/details', { token })).status).toBe(200)
      await a.call('DELETE', `/api/v2/authentication-tokens/${tokenId}`, { token: adminToken })
      const revokedAt = Date.now()
      expect((await a.request('GET', '/api/v2/account/details', { token })).status).toBe(401)
      let refusedAfter: number | undefined
      while (refusedAfter === undefined && Date.now() - revokedAt < FEED_BOUND_MS + 2_000) {
        if ((await b.request('GET', '/api/v2/account/details', { token })).status === 401) refusedAfter = Date.now() - revokedAt
        else await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(refusedAfter).toBeDefined()
      expect(refusedAfter).toBeLessThanOrEqual(FEED_BOUND_MS)
      await annotate(`refused by the other process ${refusedAfter} ms after the revocation`)
    }, 30_000)
  },
)

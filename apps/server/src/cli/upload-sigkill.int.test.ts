import { ModuleVersion, STUCK_UPLOAD_AFTER_MS } from '@cairn/core'
import { openStore } from '@cairn/persistence'
import { fixtureModule, packDirectory } from '@cairn/test-fixtures'
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { userToken } from '../test-support/cli.ts'
import { FIXTURE_ARCHIVE, RegistryClient, type VersionDocument } from '../test-support/registry-client.ts'
import { spawnServer, type ServerProcess } from '../test-support/server-process.ts'

const MAIN = join(import.meta.dirname, 'main.ts')

/** Starts a PUT of `archive` to `link` and sends only its first half; the request stays open. */
function halfPut(link: string, archive: Uint8Array): void {
  const put = request(link, { method: 'PUT', headers: { 'Content-Length': archive.length } })
  // The server is killed under it.
  put.on('error', () => undefined)
  put.write(archive.subarray(0, Math.floor(archive.length / 2)))
}

/** Moves a version's attempt back past the sweep's bound, as if the server had stayed down that long. */
async function age(dataDir: string, versionIds: readonly string[]): Promise<void> {
  const store = await openStore({ kind: 'pglite', dataDir: join(dataDir, 'db') })
  try {
    await store.unitOfWork.run(async ({ moduleVersions }) => {
      for (const id of versionIds) {
        const version = await moduleVersions.findById(id)
        if (version === undefined) throw new Error(`no version ${id}`)
        const back = (time: Date) => new Date(time.getTime() - STUCK_UPLOAD_AFTER_MS - 60_000)
        const attempt = version.attempt === null ? null : { ...version.attempt, at: back(version.attempt.at) }
        await moduleVersions.update(new ModuleVersion({ ...version, attempt, updatedAt: back(version.updatedAt) }))
      }
    })
  } finally {
    await store.close()
  }
}

describe('SIGKILL of the server in the middle of uploads', () => {
  it('the next start settles every attempt left reg_ingressing: a stored archive is analysed, a partial one fails (an ok version keeping its archive), no blob is left over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cairn-upload-kill-'))
    const env = { ...process.env, CAIRN_DATA_DIR: dataDir, PORT: '0', CAIRN_VCS_POLL_INTERVAL_SECONDS: '0' }
    const token = await userToken({ CAIRN_DATA_DIR: dataDir }, 'owner', true)
    const start = () => spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env })
    const archive = await buffer(packDirectory(fixtureModule('network')))
    let server: ServerProcess = await start()
    let client = new RegistryClient(server.url)
    const show = (version: string) =>
      client.call<VersionDocument>(
        'GET',
        `/api/v2/organizations/acme/registry-modules/private/acme/network/aws/version?module_version=${version}`,
        { token },
      )
    try {
      await client.createModule(token, 'acme')
      const partial = await client.createVersion(token, 'acme', '1.0.0')
      const stored = await client.createVersion(token, 'acme', '1.1.0')
      const reuploaded = await client.publishVersion(token, 'acme', '1.2.0')
      const served = (await show('1.2.0')).data.attributes['archive-sha256']
      halfPut(partial, archive)
      halfPut(stored, archive)
      halfPut(reuploaded, await buffer(packDirectory(fixtureModule('minimal'))))
      const claimed = async (version: string) => {
        for (let shown = await show(version); ; shown = await show(version)) {
          if ((shown.data.attributes.attempt?.status ?? shown.data.attributes.status) === 'reg_ingressing') return shown.data.id
          await sleep(20)
        }
      }
      const [partialId, storedId, reuploadedId] = [await claimed('1.0.0'), await claimed('1.1.0'), await claimed('1.2.0')]
      expect(await server.stop('SIGKILL')).toBeNull()

      // 1.1.0 as a kill between storing its archive and queueing its analysis leaves it.
      mkdirSync(join(dataDir, 'blobs', 'modules', storedId), { recursive: true })
      writeFileSync(join(dataDir, 'blobs', 'modules', storedId, '1.tar.gz'), archive)
      await age(dataDir, [partialId, storedId, reuploadedId])

      server = await start()
      client = new RegistryClient(server.url)
      const failed = await client.settledVersion(token, 'acme', '1.0.0')
      const cutOff = 'the archive did not arrive whole; upload the archive again, or resync a VCS module'
      expect(failed.data.attributes).toMatchObject({ status: 'reg_ingress_failed', error: cutOff })
      const analysed = await client.settledVersion(token, 'acme', '1.1.0')
      expect(analysed.data.attributes).toMatchObject({ status: 'ok', error: null })
      // The ok version whose re-upload the kill cut off: still ok, its first archive served byte for byte.
      const kept = await client.settledVersion(token, 'acme', '1.2.0')
      expect(kept.data.attributes).toMatchObject({
        status: 'ok',
        error: null,
        'archive-sha256': served,
        attempt: { status: 'reg_ingress_failed', error: cutOff },
      })
      const download = await fetch(await client.downloadLink(token, 'acme', '1.2.0'))
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(FIXTURE_ARCHIVE))).toBe(true)
      const archives = readdirSync(join(dataDir, 'blobs'), { recursive: true }).filter((name) => String(name).endsWith('.tar.gz'))
      expect(archives.map(String).sort()).toEqual([join('modules', storedId, '1.tar.gz'), join('modules', reuploadedId, '1.tar.gz')].sort())
    } finally {
      await server.stop()
    }
  }, 120_000)
})

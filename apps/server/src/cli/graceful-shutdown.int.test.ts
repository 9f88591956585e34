import { fixtureModule, packDirectory } from '@cairn/test-fixtures'
import { mkdtempSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { buffer } from 'node:stream/consumers'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { userToken } from '../test-support/cli.ts'
import { RegistryClient } from '../test-support/registry-client.ts'
import { spawnServer } from '../test-support/server-process.ts'

const MAIN = join(import.meta.dirname, 'main.ts')
const JSON_API = 'application/vnd.api+json'

/** PUTs `archive` to `link` in two halves, calling `between` after the first. */
function slowPut(link: string, archive: Uint8Array, between: () => Promise<void>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const put = request(link, { method: 'PUT', headers: { 'Content-Length': archive.length } }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    put.on('error', reject)
    const half = Math.floor(archive.length / 2)
    put.write(archive.subarray(0, half), () => {
      between().then(() => put.end(archive.subarray(half)), reject)
    })
  })
}

describe('SIGTERM to the server process', () => {
  it('stops accepting, finishes the upload in flight, closes the database and exits 0; the next start settles the version', async () => {
    const env = { CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-sigterm-')), PORT: '0' }
    const token = await userToken(env, 'owner', true)
    const server = await spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env: { ...process.env, ...env } })
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(201)
      return (await response.json()) as { data: { links: { upload?: string } } }
    }
    try {
      await api('/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })
      await api('/api/v2/organizations/acme/registry-modules', {
        data: { type: 'registry-modules', attributes: { name: 'network', provider: 'aws' } },
      })
      const version = await api('/api/v2/organizations/acme/registry-modules/private/acme/network/aws/versions', {
        data: { type: 'registry-module-versions', attributes: { version: '1.0.0' } },
      })

      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve))
      const archive = await buffer(packDirectory(fixtureModule('network')))
      const uploaded = await slowPut(version.data.links.upload ?? '', archive, async () => {
        server.child.kill('SIGTERM')
        await sleep(500)
        // The listener is closed: a new connection is refused while the upload is still in flight.
        await expect(fetch(`${server.url}/readyz`)).rejects.toThrow()
      })
      expect(uploaded.status).toBe(200)
      // Stored: its analysis is a job, which this process or the next runs.
      expect(JSON.parse(uploaded.body)).toMatchObject({ data: { attributes: { status: 'reg_ingressing' } } })
      const finished = Date.now()
      expect(await exited).toBe(0)
      // Not held open until the grace period ends by the upload's idle keep-alive connection.
      expect(Date.now() - finished).toBeLessThan(5_000)
    } finally {
      await server.stop('SIGKILL')
    }
    // The database was closed cleanly and its lock released: the CLI opens it.
    expect(await userToken(env, 'second')).toMatch(/\S/)
    const restarted = await spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env: { ...process.env, ...env } })
    try {
      const settled = await new RegistryClient(restarted.url).settledVersion(token, 'acme', '1.0.0')
      expect(settled.data.attributes.status).toBe('ok')
    } finally {
      await restarted.stop()
    }
  }, 120_000)
})

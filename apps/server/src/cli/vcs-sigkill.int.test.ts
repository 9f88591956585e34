import { GitRepository, startGitHttpServer } from '@cairn/test-fixtures'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { userToken } from '../test-support/cli.ts'
import { spawnServer, type ServerProcess } from '../test-support/server-process.ts'

const MAIN = join(import.meta.dirname, 'main.ts')
const JSON_API = 'application/vnd.api+json'
const CREDENTIAL = { username: 'x-access-token', password: 'ghp-sigkill' }
const TAGS = 40
const MODULE = '/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws'

describe('SIGKILL of the server in the middle of a VCS ingestion', () => {
  it('after a restart the queued and interrupted jobs resume: every tag once, ok, and no orphan archive', async () => {
    const base = mkdtempSync(join(tmpdir(), 'cairn-vcs-kill-'))
    const git = await startGitHttpServer(join(base, 'git'), CREDENTIAL)
    const repository = GitRepository.create(join(base, 'git'), 'acme/terraform-aws-vpc')
    for (let minor = 0; minor < TAGS; minor += 1) {
      repository.commit({ 'main.tf': `variable "v${minor}" {\n  default = ${minor}\n}\n` })
      repository.tag(`v1.${minor}.0`)
    }
    const dataDir = join(base, 'data')
    const env = {
      ...process.env,
      CAIRN_DATA_DIR: dataDir,
      PORT: '0',
      CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
      CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1',
    }
    const token = await userToken(env, 'owner', true)
    const start = () => spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env })
    let server: ServerProcess = await start()
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      return (await response.json()) as {
        data: { attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string }[] }> }
      }
    }
    const statuses = async () => (await api('GET', MODULE)).data.attributes['version-statuses'] as { version: string; status: string }[]
    try {
      await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })
      const client = await api('POST', '/api/v2/organizations/acme/oauth-clients', {
        data: {
          type: 'oauth-clients',
          attributes: { 'service-provider': 'github', 'http-url': git.url, 'oauth-token-string': CREDENTIAL.password },
        },
      })
      const tokenId = client.data.relationships?.['oauth-tokens']?.data[0]?.id
      await api('POST', '/api/v2/organizations/acme/registry-modules/vcs', {
        data: { type: 'registry-modules', attributes: { 'vcs-repo': { identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId } } },
      })
      // Killed once some versions are ok and others still wait or run.
      for (let seen = await statuses(); !seen.some((v) => v.status === 'ok'); seen = await statuses()) await sleep(20)
      expect((await statuses()).filter((v) => v.status === 'ok').length).toBeLessThan(TAGS)
      expect(await server.stop('SIGKILL')).toBeNull()

      server = await start()
      const deadline = Date.now() + 150_000
      let seen = await statuses()
      while (seen.filter((v) => v.status === 'ok').length < TAGS && Date.now() < deadline) {
        await sleep(500)
        seen = await statuses()
      }
      expect(seen.map((v) => v.status)).toEqual(Array(TAGS).fill('ok'))
      expect(new Set(seen.map((v) => v.version)).size).toBe(TAGS)
      const archives = readdirSync(join(dataDir, 'blobs'), { recursive: true }).filter((name) => String(name).endsWith('.tar.gz'))
      expect(archives).toHaveLength(TAGS)
    } finally {
      await server.stop()
      await git.close()
    }
  }, 240_000)
})

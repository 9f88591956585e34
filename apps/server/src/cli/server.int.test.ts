import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDatabase } from '@cairn/persistence/testing'
import { cairn } from '../test-support/cli.ts'
import { startServer } from './serve.ts'
import { testConfig } from '../test-support/test-config.ts'

const toolVersion = (version: string) => ({
  data: { type: 'tool-versions', attributes: { version, url: 'https://x.test/t.zip', sha: 'f'.repeat(64) } },
})

describe('the standalone server on the embedded default', () => {
  it('serves a token that the CLI created with the same configuration, and keeps data across restarts', async () => {
    const env = { CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-server-')), PORT: '0' }
    const created = await cairn(env, 'user', 'create', '--username', 'root', '--email', 'root@example.com', '--site-admin')
    expect(created.code).toBe(0)
    const user = JSON.parse(created.stdout) as { id: string; username: string; token: string }
    expect(user).toEqual({ id: expect.stringMatching(/^user-/), username: 'root', token: expect.any(String) })
    const headers = { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/vnd.api+json' }

    const first = await startServer(testConfig(env))
    try {
      const response = await fetch(`${first.url}/api/v2/admin/tool-versions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(toolVersion('1.8.0')),
      })
      expect(response.status).toBe(201)

      const busy = await cairn(env, 'token', 'create', '--username', 'root')
      expect(busy.code).toBe(1)
      expect(busy.stderr).toMatch(/in use by process \d+ \(cairn serve/)
    } finally {
      await first.stop()
    }

    const second = await startServer(testConfig(env))
    try {
      const listed = await fetch(`${second.url}/api/v2/admin/tool-versions`, { headers })
      const body = (await listed.json()) as { data: { attributes: { version: string } }[] }
      expect(body.data.map((d) => d.attributes.version)).toEqual(['1.8.0'])
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200)
    } finally {
      await second.stop()
    }

    const token = await cairn(env, 'token', 'create', '--username', 'root')
    expect(JSON.parse(token.stdout)).toEqual({ id: expect.stringMatching(/^at-/), token: expect.any(String) })
  }, 120_000)

  it('refuses a bad configuration at start, naming the variable', async () => {
    const result = await cairn({ PORT: 'eighty', CAIRN_EDITION: 'cloud' }, 'serve')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('PORT must be')
    expect(result.stderr).toContain('CAIRN_EDITION must be')
  }, 30_000)

  it('answers a usage error for a missing flag', async () => {
    const result = await cairn({ CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-usage-')) }, 'user', 'create', '--username', 'x')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--email is required')
  }, 30_000)
})

describe('the standalone server on PostgreSQL', () => {
  it('runs migrations at start and serves from DATABASE_URL', async () => {
    const database = await scratchDatabase()
    const env = { DATABASE_URL: database.url, PORT: '0', CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-pg-')) }
    try {
      const server = await startServer(testConfig(env))
      try {
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
        expect((await fetch(`${server.url}/api/v2/admin/tool-versions`)).status).toBe(401)
      } finally {
        await server.stop()
      }
      // A second process on the same database needs no lock and finds the migrations applied.
      const created = await cairn(env, 'user', 'create', '--username', 'pg', '--email', 'pg@example.com')
      expect(created.code).toBe(0)
    } finally {
      await database.drop()
    }
  }, 60_000)
})

import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { spawnServer } from '../test-support/server-process.ts'

const START_SCRIPT = join(import.meta.dirname, '..', '..', '..', '..', 'scripts', 'start.sh')

describe('scripts/start.sh', () => {
  it('keeps ./data in the directory it was started from, is the server process itself, and exits 0 on SIGTERM', async () => {
    const startDir = mkdtempSync(join(tmpdir(), 'cairn-start-'))
    const { CAIRN_DATA_DIR: _dataDir, DATABASE_URL: _databaseUrl, INIT_CWD: _initCwd, ...env } = process.env
    const server = await spawnServer('bash', [START_SCRIPT], { cwd: startDir, env: { ...env, PORT: '0' } })
    try {
      expect(server.log()).toContain(`PGlite in ${join(startDir, 'data')}`)
      expect(existsSync(join(startDir, 'data', 'db'))).toBe(true)
      const pid = server.child.pid
      // `exec`: the script's own process is now node running the server, with no child processes.
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining([expect.stringMatching(/cli\/main\.ts$/), 'serve']))
      expect(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()).toBe('')
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0)
    }
  }, 120_000)
})

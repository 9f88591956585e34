import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
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
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(
        expect.arrayContaining([expect.stringMatching(/cli\/main\.ts$/), 'serve']),
      )
      expect(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()).toBe('')
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0)
    }
  }, 120_000)

  it('refuses a data directory a live process holds before provisioning or installing anything', () => {
    const startDir = mkdtempSync(join(tmpdir(), 'cairn-start-'))
    mkdirSync(join(startDir, 'data'))
    const since = new Date().toISOString()
    writeFileSync(join(startDir, 'data', 'cairn.lock'), JSON.stringify({ pid: process.pid, purpose: 'cairn serve', since }))
    const bash = execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim()
    // Nothing on PATH: provisioning would have to fetch Node and say so, and no install could run.
    const run = spawnSync(bash, [START_SCRIPT], {
      cwd: startDir,
      env: { PATH: join(startDir, 'no-tools'), HOME: startDir },
      encoding: 'utf8',
    })
    expect(run.stderr).toBe(
      `cairn: the data directory ${join(startDir, 'data')} is in use by process ${process.pid} (cairn serve, since ${since}).\n` +
        'The embedded database allows one process at a time: stop that process first, then run this again.\n',
    )
    expect(run.status).toBe(1)
  })
})

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { spawnServer } from '../test-support/server-process.ts'
import { makeThrowawayCa } from '../test-support/throwaway-ca.ts'

const MAIN = join(import.meta.dirname, 'main.ts')

/** The server's JSON log lines. */
function lines(log: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('what the server logs about itself', () => {
  it('says the base URL clients use beside the bind address, and on SIGINT says it is stopping and, once stopped, what it wrote', async () => {
    const ca = await makeThrowawayCa(['registry.example.test'])
    const env = {
      ...process.env,
      CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-log-lines-')),
      PORT: '0',
      CAIRN_TLS_CERT: ca.certFile,
      CAIRN_TLS_KEY: ca.keyFile,
      CAIRN_BASE_URL: 'https://registry.example.test:8443',
      CAIRN_LOG_LEVEL: 'info',
    }
    const server = await spawnServer(process.execPath, [MAIN, 'serve'], { cwd: tmpdir(), env })
    try {
      expect(server.url).toMatch(/^https:\/\/localhost:\d+$/)
      expect(lines(server.log()).at(-1)).toMatchObject({
        url: server.url,
        baseUrl: 'https://registry.example.test:8443',
        msg: expect.stringMatching(
          new RegExp(
            `^Cairn is listening on ${server.url} \\(PGlite in .+\\); clients reach it at https://registry\\.example\\.test:8443$`,
          ),
        ),
      })
      expect(await server.stop('SIGINT')).toBe(0)
      const [stopping, stopped] = lines(server.log()).slice(-2)
      expect(stopping).toMatchObject({ signal: 'SIGINT', msg: expect.stringMatching(/^Cairn is stopping \(SIGINT\)/) })
      expect(stopped).toMatchObject({
        downloads: { downloads: 0, versions: 0 },
        msg: 'Cairn stopped: no download counts left to write, the database closed',
      })
    } finally {
      await server.stop('SIGKILL')
      await ca.dispose()
    }
  }, 60_000)
})

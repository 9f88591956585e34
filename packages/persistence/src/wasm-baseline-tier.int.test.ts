import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, test } from 'vitest'

// A host under plain `node`, no flags: it opens an embedded store twice (the first start makes the
// database, the second is a restart) and prints its peak RSS. With V8's tier-up, PGlite's
// recompilation alone peaked at 700–900 MiB on a restart and 1.0–1.2 GiB on a first start.
const HOST = `
import { openStore } from ${JSON.stringify(new URL('./store.ts', import.meta.url).href)}
import { readFileSync } from 'node:fs'
for (const start of [1, 2]) {
  const store = await openStore({ kind: 'pglite', dataDir: process.argv[1] })
  await store.migrate()
  for (let i = 0; i < 200; i++) await store.health.check()
  await store.close()
}
await new Promise((resolve) => setTimeout(resolve, 1000))
console.log(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1])
`

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-wasm-tier-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test.runIf(process.platform === 'linux')(
  'an embedded store in a host without node flags stays under 550 MiB at its peak (over 900 MiB with tier-up)',
  async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', HOST, join(dir, 'data')], {
      timeout: 120_000,
    })
    const peakMiB = Number(stdout.trim()) / 1024
    expect(peakMiB).toBeLessThan(550)
  },
  130_000,
)

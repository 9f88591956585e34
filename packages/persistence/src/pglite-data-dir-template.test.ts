import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import {
  installedPgliteVersion,
  pgliteInMemoryTemplateOptions,
  pgliteTemplatePath,
  unpackPgliteTemplate,
} from './pglite-data-dir-template.ts'
import { openStore } from './store.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cairn-pglite-template-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('the installed PGlite has a template (after an upgrade, run scripts/make-pglite-template.ts)', () => {
  expect(existsSync(pgliteTemplatePath(installedPgliteVersion()))).toBe(true)
})

test('a new data directory is unpacked from the template in full, and one that holds anything is left alone', async () => {
  const dataDir = join(dir, 'db')
  await unpackPgliteTemplate(dataDir)
  expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/)
  expect(statSync(join(dataDir, 'pg_wal', '000000010000000000000001')).size).toBe(16 * 1024 * 1024)
  expect(readdirSync(dir)).toEqual(['db'])

  const held = join(dir, 'held')
  await mkdir(held)
  await writeFile(join(held, 'notes.txt'), 'mine')
  await unpackPgliteTemplate(held)
  expect(readdirSync(held)).toEqual(['notes.txt'])
})

test('an in-memory database is loaded from the template', () => {
  expect(pgliteInMemoryTemplateOptions().loadDataDir?.size).toBeGreaterThan(0)
})

test('a data directory made from the template is migrated and opens again with its migrations recorded', async () => {
  const dataDir = join(dir, 'data')
  const first = await openStore({ kind: 'pglite', dataDir })
  expect((await first.migrate()).length).toBeGreaterThan(0)
  await first.close()
  expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true)

  const again = await openStore({ kind: 'pglite', dataDir })
  expect(await again.migrate()).toEqual([])
  await again.health.check()
  await again.close()
}, 60_000)

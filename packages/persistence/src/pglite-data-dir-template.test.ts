import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { installedPgliteVersion, pgliteTemplateOptions, pgliteTemplatePath } from './pglite-data-dir-template.ts'
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

test('a new or in-memory database is made from the template, an existing one is left alone', async () => {
  expect(pgliteTemplateOptions(undefined).loadDataDir?.size).toBeGreaterThan(0)
  expect(pgliteTemplateOptions(join(dir, 'new')).loadDataDir?.size).toBeGreaterThan(0)
  await writeFile(join(dir, 'PG_VERSION'), '18\n')
  expect(pgliteTemplateOptions(dir)).toEqual({})
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

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { aToolVersion } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { migrationsList } from './migrations/index.ts'
import { openStore } from './store.ts'

describe('openStore on PGlite', () => {
  it('applies migrations once, keeps data in its directory across reopening', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-store-')), 'db')
    const first = await openStore({ kind: 'pglite', dataDir })
    expect(await first.migrate()).toEqual(migrationsList.map((migration) => migration.name))
    await first.unitOfWork.run(({ toolVersions }) => toolVersions.add(aToolVersion()))
    await first.close()

    const second = await openStore({ kind: 'pglite', dataDir })
    expect(await second.migrate()).toEqual([])
    await expect(second.unitOfWork.run(({ toolVersions }) => toolVersions.findById(aToolVersion().id))).resolves.toEqual(aToolVersion())
    await second.health.check()
    await second.close()
  }, 60_000)
})

describe('openStore on PostgreSQL', () => {
  it('refuses to open, unavailable and naming the server, when the server cannot be reached', async () => {
    await expect(openStore({ kind: 'postgres', url: 'postgresql://postgres@127.0.0.1:1/none' })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('cannot reach PostgreSQL at 127.0.0.1:1'),
    })
  }, 30_000)
})

import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { pgliteOptions } from './orm-options.ts'

describe('pgliteOptions', () => {
  it('starts PGlite with a 32 MB buffer pool and leaves the data directory’s configuration as initdb wrote it', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-pglite-')), 'db')
    const db = await PGlite.create({ dataDir, ...pgliteOptions().driverOptions })
    try {
      const { rows } = await db.query<{ shared_buffers: string }>('SHOW shared_buffers')
      expect(rows).toEqual([{ shared_buffers: '32MB' }])
      expect(readFileSync(join(dataDir, 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m)
    } finally {
      await db.close()
    }
  }, 60_000)
})

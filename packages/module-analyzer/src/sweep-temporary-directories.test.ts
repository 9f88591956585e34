import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sweepTemporaryDirectories } from './sweep-temporary-directories.ts'
import { TEMP_DIRECTORY_PREFIX } from './tar-module-analyzer.ts'

describe('sweepTemporaryDirectories', () => {
  it('removes stale analysis directories only', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cairn-sweep-'))
    const stale = join(root, `${TEMP_DIRECTORY_PREFIX}stale`)
    const fresh = join(root, `${TEMP_DIRECTORY_PREFIX}fresh`)
    const other = join(root, 'someone-else')
    for (const directory of [stale, fresh, other]) mkdirSync(directory)
    writeFileSync(join(stale, 'main.tf'), '')
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000)
    utimesSync(stale, old, old)
    utimesSync(other, old, old)
    expect(await sweepTemporaryDirectories({ tempRoot: root })).toBe(1)
    expect(readdirSync(root).sort()).toEqual([`${TEMP_DIRECTORY_PREFIX}fresh`, 'someone-else'])
  })
})

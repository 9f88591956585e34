import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chunksOf, sortedOf } from '@cairn/testing/contracts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FsBlobStore } from './fs-blob-store.ts'

describe('FsBlobStore', () => {
  let root = ''
  let store: FsBlobStore
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-blobs-'))
    store = new FsBlobStore({ root })
  })
  afterEach(() => rm(root, { recursive: true, force: true }))

  const temporaryFiles = () => readdir(join(root, '.tmp')).catch(() => [])

  it('keeps the blob at <root>/<key>, where an operator finds it, and no temporary file', async () => {
    await store.put('modules/v1.tar.gz', chunksOf('content'))
    await expect(readFile(join(root, 'modules/v1.tar.gz'), 'utf8')).resolves.toBe('content')
    await expect(temporaryFiles()).resolves.toEqual([])
  })

  it('removes its temporary file when a write is refused or its content fails', async () => {
    await expect(store.put('big', chunksOf('12345'), { maxBytes: 4 })).rejects.toMatchObject({ code: 'invalid' })
    async function* failing() {
      yield new Uint8Array(10)
      throw Object.assign(new Error('the client went away'), { code: 'ENOENT' })
    }
    // An fs-like code on the caller's own stream is not taken for the store's.
    await expect(store.put('cut', failing())).rejects.toThrow('the client went away')
    await expect(temporaryFiles()).resolves.toEqual([])
  })

  it('sweeps temporary files older than the given age and keeps fresh ones', async () => {
    await expect(store.sweepTemporaryFiles()).resolves.toBe(0)
    await mkdir(join(root, '.tmp'))
    await writeFile(join(root, '.tmp', 'crashed'), 'half a blob')
    await writeFile(join(root, '.tmp', 'writing'), 'in progress')
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await utimes(join(root, '.tmp', 'crashed'), twoHoursAgo, twoHoursAgo)
    await expect(store.sweepTemporaryFiles()).resolves.toBe(1)
    await expect(temporaryFiles()).resolves.toEqual(['writing'])
    await expect(store.sweepTemporaryFiles(0)).resolves.toBe(1)
  })

  it('lists neither temporary files, nor names no key could have, nor links', async () => {
    await store.put('modules/a.tar.gz', chunksOf('a'))
    await mkdir(join(root, '.tmp'), { recursive: true })
    await writeFile(join(root, '.tmp', 'pending'), '')
    await writeFile(join(root, 'modules', '.DS_Store'), '')
    await writeFile(join(root, 'modules', 'with space'), '')
    const outside = await mkdtemp(join(tmpdir(), 'cairn-outside-'))
    await writeFile(join(outside, 'secret'), 'secret')
    await symlink(outside, join(root, 'escape'))
    await symlink(join(outside, 'secret'), join(root, 'modules', 'secret'))
    await expect(sortedOf(store.list(''))).resolves.toEqual(['modules/a.tar.gz'])
    await rm(outside, { recursive: true })
  })

  it('refuses a key that would be both a blob and a folder of blobs', async () => {
    const conflict = { code: 'invalid', fields: [{ field: 'key' }] }
    await store.put('a', chunksOf('file'))
    await expect(store.put('a/b', chunksOf('under a file'))).rejects.toMatchObject(conflict)
    await store.put('c/d', chunksOf('in a folder'))
    await expect(store.put('c', chunksOf('over a folder'))).rejects.toMatchObject(conflict)
    await expect(store.has('c')).resolves.toBe(false)
    await expect(store.get('c')).rejects.toMatchObject({ code: 'not_found' })
    await expect(store.get('a/b')).rejects.toMatchObject({ code: 'not_found' })
    await store.delete('c')
    await expect(store.has('c/d')).resolves.toBe(true)
    await expect(temporaryFiles()).resolves.toEqual([])
  })

  it('answers unavailable when its root cannot be used', async () => {
    await writeFile(join(root, 'file'), '')
    const broken = new FsBlobStore({ root: join(root, 'file', 'blobs') })
    await expect(broken.put('x', chunksOf('x'))).rejects.toMatchObject({ code: 'unavailable' })
  })
})

import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MirrorCache } from './mirror-cache.ts'

/** Uses the mirror of `url`, writing `bytes` into it as a fetch would; its directory's name. */
async function fetchInto(cache: MirrorCache, url: string, bytes: number): Promise<string> {
  return cache.use(url, async (gitdir) => {
    await mkdir(join(gitdir, 'objects'), { recursive: true })
    await writeFile(join(gitdir, 'objects', 'pack'), Buffer.alloc(bytes))
    return gitdir.slice(-64)
  })
}

describe('MirrorCache', () => {
  let directory = ''
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'cairn-mirrors-'))
  })
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  it('keeps at most maxMirrors, dropping the least recently used', async () => {
    const cache = new MirrorCache(directory, { maxBytes: 1e9, maxMirrors: 2 })
    const a = await fetchInto(cache, 'https://git.test/a.git', 10)
    const b = await fetchInto(cache, 'https://git.test/b.git', 10)
    await fetchInto(cache, 'https://git.test/a.git', 10)
    const c = await fetchInto(cache, 'https://git.test/c.git', 10)
    expect((await readdir(directory)).sort()).toEqual([a, c].sort())
    expect(await readdir(directory)).not.toContain(b)
  })

  it('keeps the mirrors within maxBytes, never removing one in use; one alone over the budget goes when released', async () => {
    const cache = new MirrorCache(directory, { maxBytes: 1_000, maxMirrors: 100 })
    const a = await fetchInto(cache, 'https://git.test/a.git', 600)
    let during: string[] = []
    const b = await cache.use('https://git.test/b.git', async (gitdir) => {
      await mkdir(gitdir, { recursive: true })
      await writeFile(join(gitdir, 'pack'), Buffer.alloc(600))
      // a is over the budget with b, but b is still in use: only a can go, after b's use.
      await fetchInto(cache, 'https://git.test/a.git', 600)
      during = await readdir(directory)
      return gitdir.slice(-64)
    })
    expect(during.sort()).toEqual([a, b].sort())
    expect(await readdir(directory)).toEqual([b])
    await fetchInto(cache, 'https://git.test/huge.git', 5_000)
    expect(await readdir(directory)).toEqual([])
  })

  it('drops a mirror a fetch failed on, once its last user is done', async () => {
    const cache = new MirrorCache(directory)
    await expect(
      cache.use('https://git.test/a.git', async (gitdir) => {
        await mkdir(gitdir, { recursive: true })
        cache.discard(gitdir)
        throw new Error('fetch failed')
      }),
    ).rejects.toThrow('fetch failed')
    expect(await readdir(directory)).toEqual([])
  })

  it('counts the mirrors a previous process left, oldest first', async () => {
    const old = join(directory, 'a'.repeat(64))
    await mkdir(old)
    await writeFile(join(old, 'pack'), Buffer.alloc(10))
    await utimes(old, new Date(2020, 0, 1), new Date(2020, 0, 1))
    await writeFile(join(directory, 'not-a-mirror'), 'kept')
    const cache = new MirrorCache(directory, { maxBytes: 1e9, maxMirrors: 1 })
    const fresh = await fetchInto(cache, 'https://git.test/new.git', 10)
    expect((await readdir(directory)).sort()).toEqual([fresh, 'not-a-mirror'].sort())
  })
})

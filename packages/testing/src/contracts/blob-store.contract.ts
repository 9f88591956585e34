import type { ByteStream } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { useBlobStore, type BlobStoreHarness } from './blob-store-harness.ts'
import { binaryContent, chunksOf, digestOf, gate, sortedOf, streamDigestOf, textOf, unevenChunks } from './byte-streams.ts'

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
const ABC_SHA256 = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'

/**
 * What every `BlobStore` promises. Keys are made by Cairn, but every store still refuses a key
 * outside the port's rule with `invalid` on field `key`: a store that maps keys onto paths must
 * never be talked into writing outside its root, whoever made the key. The rule, as checked here:
 * `/`-separated segments of letters, digits, `-`, `_` and `.`, none empty, none beginning with a
 * dot (so no `.` or `..`), no `..` anywhere, no backslash. `list(prefix)` matches keys that
 * begin with `prefix`, as S3 does (`modules/` lists the folder, `mod` lists `modules/…` too).
 */
export function blobStoreContract(name: string, open: BlobStoreHarness): void {
  describe(`BlobStore contract: ${name}`, () => {
    const store = useBlobStore(open)

    it('round-trips binary content streamed in several chunks, with its size and SHA-256', async () => {
      const content = binaryContent(300_000)
      const stored = await store().put('modules/v1.tar.gz', chunksOf(...unevenChunks(content, [1, 65_536, 7, 100_000])))
      expect(stored).toEqual(digestOf(content))
      expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/)
      await expect(streamDigestOf(await store().get('modules/v1.tar.gz'))).resolves.toEqual(stored)
    })

    it('reports the size and SHA-256 of known content, empty included', async () => {
      await expect(store().put('abc', chunksOf('a', 'bc'))).resolves.toEqual({ size: 3, sha256: ABC_SHA256 })
      await expect(store().put('empty', chunksOf())).resolves.toEqual({ size: 0, sha256: EMPTY_SHA256 })
      await expect(textOf(await store().get('empty'))).resolves.toBe('')
    })

    it('streams a blob larger than one multipart part (5 MiB)', async () => {
      const content = binaryContent(6 * 1024 * 1024 + 3, 7)
      const stored = await store().put('large', chunksOf(...unevenChunks(content, [65_536])))
      expect(stored).toEqual(digestOf(content))
      await expect(streamDigestOf(await store().get('large'))).resolves.toEqual(stored)
    }, 30_000)

    it('replaces the blob at a key', async () => {
      await store().put('modules/v1.tar.gz', chunksOf('first version'))
      await expect(store().put('modules/v1.tar.gz', chunksOf('abc'))).resolves.toEqual({ size: 3, sha256: ABC_SHA256 })
      expect(await textOf(await store().get('modules/v1.tar.gz'))).toBe('abc')
    })

    it('rejects get of an absent key with not_found', async () => {
      await expect(store().get('modules/absent.tar.gz')).rejects.toMatchObject({ code: 'not_found' })
    })

    it('answers has for stored and absent keys', async () => {
      await store().put('modules/v1.tar.gz', chunksOf('x'))
      await expect(store().has('modules/v1.tar.gz')).resolves.toBe(true)
      await expect(store().has('modules/v2.tar.gz')).resolves.toBe(false)
      await expect(store().has('modules')).resolves.toBe(false)
    })

    it('deletes a blob, and deleting an absent key is not an error', async () => {
      await store().put('modules/v1.tar.gz', chunksOf('x'))
      await store().delete('modules/v1.tar.gz')
      await store().delete('modules/v1.tar.gz')
      await store().delete('never/stored')
      await expect(store().has('modules/v1.tar.gz')).resolves.toBe(false)
      await expect(store().get('modules/v1.tar.gz')).rejects.toMatchObject({ code: 'not_found' })
      await expect(sortedOf(store().list(''))).resolves.toEqual([])
    })

    it('lists exactly the keys under a prefix', async () => {
      const keys = ['modules/a.tar.gz', 'modules/b/c.tar.gz', 'modules-old/x', 'modulesx', 'other/modules/y']
      for (const key of keys) await store().put(key, chunksOf(key))
      await expect(sortedOf(store().list('modules/'))).resolves.toEqual(['modules/a.tar.gz', 'modules/b/c.tar.gz'])
      await expect(sortedOf(store().list('modules/b/'))).resolves.toEqual(['modules/b/c.tar.gz'])
      await expect(sortedOf(store().list('modules'))).resolves.toEqual(keys.slice(0, 4).sort())
      await expect(sortedOf(store().list('modules/a'))).resolves.toEqual(['modules/a.tar.gz'])
      await expect(sortedOf(store().list(''))).resolves.toEqual([...keys].sort())
      await expect(sortedOf(store().list('nothing/'))).resolves.toEqual([])
    })

    it('takes content of exactly maxBytes', async () => {
      await expect(store().put('fits', chunksOf('12345', '67890'), { maxBytes: 10 })).resolves.toMatchObject({ size: 10 })
    })

    it('refuses content over maxBytes with invalid on archive, keeping the previous blob and nothing new', async () => {
      await store().put('modules/v1.tar.gz', chunksOf('previous'))
      const over = store().put('modules/v1.tar.gz', chunksOf('12345', '678901'), { maxBytes: 10 })
      await expect(over).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'archive' }] })
      expect(await textOf(await store().get('modules/v1.tar.gz'))).toBe('previous')
      await expect(store().put('modules/v2.tar.gz', chunksOf('12345678901'), { maxBytes: 10 })).rejects.toMatchObject({
        code: 'invalid',
      })
      await expect(store().has('modules/v2.tar.gz')).resolves.toBe(false)
      await expect(sortedOf(store().list(''))).resolves.toEqual(['modules/v1.tar.gz'])
    })

    it('stops reading content, and releases it, once it exceeds maxBytes', async () => {
      let released = false
      async function* endless(): ByteStream {
        try {
          for (;;) yield new Uint8Array(1024)
        } finally {
          released = true
        }
      }
      await expect(store().put('endless', endless(), { maxBytes: 64 * 1024 })).rejects.toMatchObject({ code: 'invalid' })
      expect(released).toBe(true)
    })

    it('keeps the previous blob, and nothing new, when the content fails midway', async () => {
      async function* failing(): ByteStream {
        yield* chunksOf('partial ', binaryContent(100_000))
        throw new Error('connection reset by the client')
      }
      await store().put('modules/v1.tar.gz', chunksOf('previous'))
      await expect(store().put('modules/v1.tar.gz', failing())).rejects.toThrow('connection reset by the client')
      expect(await textOf(await store().get('modules/v1.tar.gz'))).toBe('previous')
      await expect(store().put('modules/v2.tar.gz', failing())).rejects.toThrow('connection reset by the client')
      await expect(store().has('modules/v2.tar.gz')).resolves.toBe(false)
      await expect(sortedOf(store().list(''))).resolves.toEqual(['modules/v1.tar.gz'])
    })

    it('shows a blob being written to no reader until it is whole', async () => {
      const halfway = gate()
      async function* slow(): ByteStream {
        yield* chunksOf('new ', binaryContent(100_000))
        await halfway.opened
        yield* chunksOf('end')
      }
      await store().put('replaced', chunksOf('previous'))
      const writing = store().put('replaced', slow())
      const fresh = store().put('fresh', slow())
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await textOf(await store().get('replaced'))).toBe('previous')
      await expect(store().has('fresh')).resolves.toBe(false)
      await expect(sortedOf(store().list(''))).resolves.toEqual(['replaced'])
      halfway.open()
      await Promise.all([writing, fresh])
      expect((await textOf(await store().get('replaced'))).endsWith('end')).toBe(true)
    })

    it('lets a reader that opened a blob read all of it while the key is replaced', async () => {
      const previous = binaryContent(1024 * 1024, 1)
      await store().put('replaced', chunksOf(previous))
      const reading = await store().get('replaced')
      await store().put('replaced', chunksOf('new'))
      await expect(streamDigestOf(reading)).resolves.toEqual(digestOf(previous))
    })

    it('leaves one whole blob when two writes to a key race', async () => {
      const [a, b] = [binaryContent(200_000, 1), binaryContent(200_000, 2)]
      const key = 'modules/raced.tar.gz'
      await Promise.all([store().put(key, chunksOf(...unevenChunks(a, [4096]))), store().put(key, chunksOf(b))])
      expect([digestOf(a), digestOf(b)]).toContainEqual(await streamDigestOf(await store().get(key)))
    })

    it('accepts the keys Cairn makes', async () => {
      for (const key of ['x', 'modules/0190aa-B_c.tar.gz', 'a/b/c/d.e.f']) {
        await store().put(key, chunksOf(key))
        expect(await textOf(await store().get(key))).toBe(key)
      }
    })

    const badKeys = ['', '../x', 'a/../../x', '..', '.', './a', 'a/./b', '/abs', 'a//b', 'a/', '.hidden', 'a\\b', '..\\x']
    const moreBadKeys = ['a..b', 'a b', 'ä', 'a\0b', 'C:/x', `${'x'.repeat(201)}`, ...badKeys.map((k) => `modules/${k}`)]

    it.each([...badKeys, ...moreBadKeys])('refuses the key %j with invalid on key, for every operation', async (key) => {
      const refused = { code: 'invalid', fields: [{ field: 'key' }] }
      await expect(store().put(key, chunksOf('x'))).rejects.toMatchObject(refused)
      await expect(store().get(key)).rejects.toMatchObject(refused)
      await expect(store().has(key)).rejects.toMatchObject(refused)
      await expect(store().delete(key)).rejects.toMatchObject(refused)
    })

    it.each(['../', '/', '/abs', 'a//', '..', 'a\\'])('refuses to list the prefix %j', async (prefix) => {
      await expect(sortedOf(store().list(prefix))).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'key' }] })
    })
  })
}

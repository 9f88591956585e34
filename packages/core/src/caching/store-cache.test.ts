import { InMemoryExpiringCache, InMemoryUnitOfWork } from '@cairn/memory'
import { aToolVersion } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { UNSHARED_STORE_CHANGES } from '../ports/store-changes.ts'
import { StoreCache } from './store-cache.ts'
import { StoreWrites } from './store-writes.ts'

/** A cache over the signal of a store of its own, and a write to that store. */
function cacheOverAStore() {
  const writes = new StoreWrites(UNSHARED_STORE_CHANGES)
  const unitOfWork = writes.watch(new InMemoryUnitOfWork())
  const write = () => unitOfWork.run(({ toolVersions }) => toolVersions.add(aToolVersion()))
  return { cache: new StoreCache<string>(new InMemoryExpiringCache<string>(), writes), writes, write }
}

describe('StoreCache', () => {
  it('keeps what a caller loaded itself, unless a write was heard while the load ran', async () => {
    const { cache, writes, write } = cacheOverAStore()
    cache.keep('a', 'loaded', writes.generation)
    expect(cache.peek('a')).toBe('loaded')

    const straddling = writes.generation
    await write()
    expect(cache.peek('a')).toBeUndefined()
    cache.keep('a', 'from before the write', straddling)
    expect(cache.peek('a')).toBeUndefined()
    cache.keep('a', 'from after it', writes.generation)
    expect(cache.peek('a')).toBe('from after it')
  })

  it('answers a kept load again without loading', async () => {
    const { cache } = cacheOverAStore()
    await cache.get('a', async () => 'loaded')
    expect(await cache.get('a', async () => 'loaded again')).toBe('loaded')
  })

  it('does not keep a load that a write overtook', async () => {
    const { cache, write } = cacheOverAStore()
    const loaded = await cache.get('a', async () => {
      await write()
      return 'stale'
    })
    expect(loaded).toBe('stale')
    expect(cache.peek('a')).toBeUndefined()
  })
})

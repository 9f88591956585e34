import { InMemoryExpiringCache } from '@cairn/memory'
import { describe, expect, it } from 'vitest'
import { StoreCache } from './store-cache.ts'

describe('StoreCache', () => {
  it('keeps what a caller loaded itself, unless it was cleared while the load ran', () => {
    const cache = new StoreCache<string>(new InMemoryExpiringCache<string>())
    const before = cache.generation
    cache.keep('a', 'loaded', before)
    expect(cache.peek('a')).toBe('loaded')

    const straddling = cache.generation
    cache.invalidate()
    expect(cache.peek('a')).toBeUndefined()
    cache.keep('a', 'from before the write', straddling)
    expect(cache.peek('a')).toBeUndefined()
    cache.keep('a', 'from after it', cache.generation)
    expect(cache.peek('a')).toBe('from after it')
  })

  it('does not keep a load that a clearing overtook', async () => {
    const cache = new StoreCache<string>(new InMemoryExpiringCache<string>())
    const loaded = await cache.get('a', () => {
      cache.invalidate()
      return Promise.resolve('stale')
    })
    expect(loaded).toBe('stale')
    expect(cache.peek('a')).toBeUndefined()
  })
})

import type { ExpiringCache } from '@cairn/core'
import { beforeEach, describe, expect, it } from 'vitest'

/** An empty cache, large enough for a few hundred small entries and slow enough to expire that none does during a test. */
export type ExpiringCacheHarness = () => ExpiringCache<object>

/**
 * What every `ExpiringCache` promises `StoreCache`: a value set is answered for exactly its key
 * until it is replaced or the cache cleared, and nothing is answered for a key never set or
 * since cleared. How long entries live and how many are kept is the adapter's own.
 */
export function expiringCacheContract(name: string, open: ExpiringCacheHarness): void {
  describe(`ExpiringCache contract: ${name}`, () => {
    let cache: ExpiringCache<object>
    beforeEach(() => {
      cache = open()
    })

    it('answers nothing for a key never set', () => {
      expect(cache.get('token:abc')).toBeUndefined()
    })

    it('answers the value set for a key, and the one set last', () => {
      cache.set('token:abc', { user: 'bob', admin: false })
      expect(cache.get('token:abc')).toEqual({ user: 'bob', admin: false })
      cache.set('token:abc', { user: 'bob', admin: true })
      expect(cache.get('token:abc')).toEqual({ user: 'bob', admin: true })
    })

    it('answers for exactly the key set, not for one that merely looks like it', () => {
      cache.set('acme/vpc/aws', ['1.0.0'])
      for (const other of ['acme/vpc', 'acme/vpc/aws/', 'ACME/vpc/aws', ' acme/vpc/aws']) expect(cache.get(other), other).toBeUndefined()
      expect(cache.get('acme/vpc/aws')).toEqual(['1.0.0'])
    })

    it('keeps each key’s own value side by side', () => {
      for (let n = 0; n < 100; n++) cache.set(`key-${n}`, { n })
      for (let n = 0; n < 100; n++) expect(cache.get(`key-${n}`)).toEqual({ n })
    })

    it('forgets every entry when cleared, and keeps what is set after', () => {
      cache.set('a', { n: 1 })
      cache.set('b', { n: 2 })
      cache.clear()
      expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined])
      cache.set('a', { n: 3 })
      expect(cache.get('a')).toEqual({ n: 3 })
    })
  })
}

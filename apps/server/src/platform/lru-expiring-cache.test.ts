import { createUseCases, OPERATOR, type CredentialEntry } from '@cairn/core'
import { InMemoryStoreChanges } from '@cairn/memory'
import { inMemoryDeps, signUpUser } from '@cairn/testing'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { LruExpiringCache } from './lru-expiring-cache.ts'

const TTL_MS = 50
const MiB = 1024 * 1024

describe('LruExpiringCache', () => {
  it('forgets an entry once its time to live has passed', async () => {
    const cache = new LruExpiringCache<{ n: number }>({ maxBytes: MiB, ttlMs: TTL_MS })
    cache.set('a', { n: 1 })
    expect(cache.get('a')).toEqual({ n: 1 })
    await sleep(TTL_MS * 2)
    expect(cache.get('a')).toBeUndefined()
  })

  it('weighs entries with the sizeOf it is given: the least recently used leave, a value over the bound is not kept', () => {
    const cache = new LruExpiringCache<{ bytes: number }>({ maxBytes: 100, sizeOf: (value) => value.bytes })
    cache.set('a', { bytes: 40 })
    cache.set('b', { bytes: 40 })
    expect(cache.get('a')).toEqual({ bytes: 40 })
    cache.set('c', { bytes: 40 })
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([{ bytes: 40 }, undefined, { bytes: 40 }])
    cache.set('d', { bytes: 101 })
    expect(cache.get('d')).toBeUndefined()
    expect(cache.get('c')).toEqual({ bytes: 40 })
  })

  it('keeps entries up to its size in bytes, letting the least recently used go first', () => {
    const cache = new LruExpiringCache<{ text: string }>({ maxBytes: 10_000 })
    const entry = (n: number) => ({ text: String(n).repeat(1000) })
    for (const n of [1, 2, 3, 4]) cache.set(`k${n}`, entry(n))
    expect(cache.get('k1')).toEqual(entry(1))

    cache.set('k5', entry(5))

    expect(cache.get('k2')).toBeUndefined()
    expect([cache.get('k1'), cache.get('k3'), cache.get('k4'), cache.get('k5')]).toEqual([entry(1), entry(3), entry(4), entry(5)])
  })

  it('tallies hits, misses, evictions to stay under its bound and the bytes it holds', () => {
    const cache = new LruExpiringCache<{ bytes: number }>({ maxBytes: 100, sizeOf: (value) => value.bytes })
    cache.set('a', { bytes: 40 })
    cache.set('b', { bytes: 40 })
    cache.get('a')
    cache.get('z')
    expect(cache).toMatchObject({ hits: 1, misses: 1, evictions: 0, bytes: 80, maxBytes: 100 })
    cache.set('c', { bytes: 40 })
    expect(cache).toMatchObject({ evictions: 1, bytes: 80 })
    cache.clear()
    // A write's clearing is no eviction: the bound did not ask for it.
    expect(cache).toMatchObject({ evictions: 1, bytes: 0 })
  })

  it('lets another process that announces nothing be seen within the time to live', async () => {
    // Each its own feed: the two never hear each other, as when a row is changed by hand.
    const shared = inMemoryDeps()
    const cacheOf = () => ({
      credentialCache: new LruExpiringCache<CredentialEntry>({ maxBytes: MiB, ttlMs: TTL_MS }),
      storeChanges: new InMemoryStoreChanges(),
    })
    const here = createUseCases({ ...shared, ...cacheOf() })
    const elsewhere = createUseCases({ ...shared, ...cacheOf() })
    const admin = await signUpUser(elsewhere, 'ada', { isSiteAdmin: true })
    const bob = await here.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    const { bearer } = await here.userTokens.create.execute({ user: { username: 'bob' } }, OPERATOR)
    await here.authenticateToken.execute(bearer)

    await elsewhere.adminUsers.act({ userId: bob.id, action: 'suspend' }, admin)

    // Within the bound this process may still honour the token; after it, it must not.
    await expect(here.authenticateToken.execute(bearer)).resolves.toMatchObject({ user: { username: 'bob' } })
    await sleep(TTL_MS * 2)
    await expect(here.authenticateToken.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})

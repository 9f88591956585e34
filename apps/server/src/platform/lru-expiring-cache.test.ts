import { createUseCases, OPERATOR, type CredentialEntry } from '@cairn/core'
import { inMemoryDeps, signUpUser } from '@cairn/testing'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { LruExpiringCache } from './lru-expiring-cache.ts'

const TTL_MS = 50

describe('LruExpiringCache', () => {
  it('forgets an entry once its time to live has passed', async () => {
    const cache = new LruExpiringCache<{ n: number }>({ ttlMs: TTL_MS })
    cache.set('a', { n: 1 })
    expect(cache.get('a')).toEqual({ n: 1 })
    await sleep(TTL_MS * 2)
    expect(cache.get('a')).toBeUndefined()
  })

  it('holds no more bytes than its bound: the least recently used leave, a value over the bound is not kept', () => {
    const cache = new LruExpiringCache<{ bytes: number }>({ bytes: { maxBytes: 100, sizeOf: (value) => value.bytes } })
    cache.set('a', { bytes: 40 })
    cache.set('b', { bytes: 40 })
    expect(cache.get('a')).toEqual({ bytes: 40 })
    cache.set('c', { bytes: 40 })
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([{ bytes: 40 }, undefined, { bytes: 40 }])
    cache.set('d', { bytes: 101 })
    expect(cache.get('d')).toBeUndefined()
    expect(cache.get('c')).toEqual({ bytes: 40 })
  })

  it('lets another process over the same store be seen within the time to live', async () => {
    const shared = inMemoryDeps()
    const here = createUseCases({ ...shared, credentialCache: new LruExpiringCache<CredentialEntry>({ ttlMs: TTL_MS }) })
    const elsewhere = createUseCases({ ...shared, credentialCache: new LruExpiringCache<CredentialEntry>({ ttlMs: TTL_MS }) })
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

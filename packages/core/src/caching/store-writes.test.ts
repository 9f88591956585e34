import { InMemoryExpiringCache, InMemoryStoreChanges, InMemoryUnitOfWork } from '@cairn/memory'
import { aToolVersion, inMemoryDeps } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import type { StoreChanges } from '../ports/store-changes.ts'
import { createUseCases } from '../use-cases.ts'
import { StoreCache } from './store-cache.ts'
import { StoreWrites } from './store-writes.ts'

const failing = async (): Promise<never> => {
  throw new Error('the work failed')
}

/**
 * A feed that hears no other process and records, at each announcement, whether the tool version
 * written was in the store by then.
 */
function recordingFeed(store: InMemoryUnitOfWork) {
  const committedWhenAnnounced: boolean[] = []
  const changes: StoreChanges = {
    subscribe: () => undefined,
    async announce() {
      committedWhenAnnounced.push((await store.read(({ toolVersions }) => toolVersions.findById(aToolVersion().id))) !== undefined)
    },
  }
  return { changes, committedWhenAnnounced }
}

describe('StoreWrites', () => {
  it('hears every unit of work as it ends, and announces one once it has committed, not one that rolled back', async () => {
    const store = new InMemoryUnitOfWork()
    const { changes, committedWhenAnnounced } = recordingFeed(store)
    const writes = new StoreWrites(changes)
    let heard = 0
    writes.subscribe(() => (heard += 1))
    const unitOfWork = writes.watch(store)

    await unitOfWork.run(({ toolVersions }) => toolVersions.add(aToolVersion()))
    await expect(unitOfWork.run(failing)).rejects.toThrow('the work failed')

    expect(heard).toBe(2)
    expect(writes.generation).toBe(2)
    expect(committedWhenAnnounced).toEqual([true])
  })

  it('hears nothing of a read', async () => {
    const writes = new StoreWrites(new InMemoryStoreChanges())
    await writes.watch(new InMemoryUnitOfWork()).read(({ toolVersions }) => toolVersions.findById(aToolVersion().id))
    expect(writes.generation).toBe(0)
  })

  it('clears the caches and announces an autocommitted write too, once it has landed', async () => {
    const store = new InMemoryUnitOfWork()
    // What clears the cache here is the write itself: the feed hears no other process.
    const { changes, committedWhenAnnounced } = recordingFeed(store)
    const writes = new StoreWrites(changes)
    const cache = new StoreCache(new InMemoryExpiringCache<string>(), writes)
    await cache.get('key', async () => 'before')

    await writes.watch(store).autocommit(({ toolVersions }) => toolVersions.add(aToolVersion()))

    expect(await cache.get('key', async () => 'after')).toBe('after')
    expect(committedWhenAnnounced).toEqual([true])
  })

  it('clears every cache subscribed when another process announces a write', async () => {
    const changes = new InMemoryStoreChanges()
    const writes = new StoreWrites(changes)
    const caches = [
      new StoreCache(new InMemoryExpiringCache<string>(), writes),
      new StoreCache(new InMemoryExpiringCache<string>(), writes),
    ]
    for (const cache of caches) await cache.get('key', async () => 'before')

    await changes.announce()

    for (const cache of caches) expect(await cache.get('key', async () => 'after')).toBe('after')
  })

  it('does not keep a load that straddles an announcement', async () => {
    const changes = new InMemoryStoreChanges()
    const cache = new StoreCache(new InMemoryExpiringCache<string>(), new StoreWrites(changes))

    await cache.get('key', async () => {
      await changes.announce()
      return 'read before the other write'
    })

    expect(await cache.get('key', async () => 'read after it')).toBe('read after it')
  })

  it('lets a process refuse at once a token revoked through another sharing the store', async () => {
    const shared = inMemoryDeps()
    const here = createUseCases({ ...shared, credentialCache: new InMemoryExpiringCache() })
    const elsewhere = createUseCases({ ...shared, credentialCache: new InMemoryExpiringCache() })
    await here.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    const { bearer, token } = await here.userTokens.create.execute({ user: { username: 'bob' } }, OPERATOR)
    await here.authenticateToken.execute(bearer)

    await elsewhere.userTokens.revoke.execute({ tokenId: token.id }, OPERATOR)

    await expect(here.authenticateToken.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})

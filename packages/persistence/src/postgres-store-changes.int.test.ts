import { createUseCases, OPERATOR, type UseCases } from '@cairn/core'
import { InMemoryExpiringCache } from '@cairn/memory'
import { inMemoryDeps, signUpUser } from '@cairn/testing'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHANGE_POLL_MS } from './postgres-store-changes.ts'
import { openStore, type Store } from './store.ts'
import { asAdmin, freshSchema } from './test-support/postgres-schema.ts'

/** Two poll intervals: the read under way may have run just before the write's announcement. */
const BOUND = { timeout: 2 * CHANGE_POLL_MS + 500, interval: 50 }

// Two processes sharing one PostgreSQL database: two stores on the schema, each with use cases
// whose caches never expire, so that only the change feed can make one see the other's writes.
describe('the change feed of processes sharing PostgreSQL', () => {
  let schema: { url: string; schema: string; drop: () => Promise<void> }
  let stores: Store[]
  let here: UseCases
  let elsewhere: UseCases

  beforeAll(async () => {
    schema = await freshSchema()
    stores = [
      await openStore({ kind: 'postgres', url: schema.url, schema: schema.schema }),
      await openStore({ kind: 'postgres', url: schema.url, schema: schema.schema }),
    ]
    for (const store of stores) await store.migrate()
    // One id generator for both, as two real processes draw ids that never collide.
    const shared = inMemoryDeps()
    const processOn = (store: Store) =>
      createUseCases({
        ...shared,
        unitOfWork: store.unitOfWork,
        storeChanges: store.changes,
        credentialCache: new InMemoryExpiringCache(),
        protocolCache: new InMemoryExpiringCache(),
        accessCache: new InMemoryExpiringCache(),
      })
    ;[here, elsewhere] = stores.map(processOn) as [UseCases, UseCases]
  }, 60_000)

  afterAll(async () => {
    for (const store of stores ?? []) await store.close()
    await schema?.drop()
  })

  it('has a token revoked in one process refused by the other within the poll bound', async () => {
    await here.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    const { bearer, token } = await here.userTokens.create.execute({ user: { username: 'bob' } }, OPERATOR)
    await here.authenticateToken.execute(bearer)

    await elsewhere.userTokens.revoke.execute({ tokenId: token.id }, OPERATOR)

    await vi.waitFor(() => expect(here.authenticateToken.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' }), BOUND)
  }, 10_000)

  it('has a user suspended in one process refused by the other within the poll bound', async () => {
    const admin = await signUpUser(elsewhere, 'ada', { isSiteAdmin: true })
    const carol = await here.createUser.execute({ username: 'carol', email: 'carol@example.com' }, OPERATOR)
    const { bearer } = await here.userTokens.create.execute({ user: { username: 'carol' } }, OPERATOR)
    await here.authenticateToken.execute(bearer)

    await elsewhere.adminUsers.act({ userId: carol.id, action: 'suspend' }, admin)

    await vi.waitFor(() => expect(here.authenticateToken.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' }), BOUND)
  }, 10_000)
})

describe('PostgresStoreChanges', () => {
  let schema: { url: string; schema: string; drop: () => Promise<void> }
  let stores: Store[]
  const watcher = { failing: vi.fn<(error: Error) => void>(), recovered: vi.fn<() => void>() }

  beforeAll(async () => {
    schema = await freshSchema()
    const location = { kind: 'postgres', url: schema.url, schema: schema.schema } as const
    stores = [await openStore(location, { changeFeed: watcher }), await openStore(location)]
    for (const store of stores) await store.migrate()
  }, 60_000)

  afterAll(async () => {
    for (const store of stores ?? []) await store.close()
    await schema?.drop()
  })

  it('tells a subscriber of what another process announced, once for each read that found it, and of nothing else', async () => {
    const [first, second] = stores as [Store, Store]
    const heard = vi.fn()
    first.changes.subscribe(heard)
    // The first read tells, since what was cached before it may predate a write; then quiet.
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1), BOUND)
    await sleep(2 * CHANGE_POLL_MS)
    expect(heard).toHaveBeenCalledTimes(1)

    await second.changes.announce()

    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), BOUND)
  }, 15_000)

  it('does not tell a subscriber of its own process’s announcements, but does of another’s made among them', async () => {
    const [first, second] = stores as [Store, Store]
    const heard = vi.fn()
    first.changes.subscribe(heard)
    await sleep(2 * CHANGE_POLL_MS)
    heard.mockClear()

    await first.changes.announce()
    await first.changes.announce()
    await sleep(2 * CHANGE_POLL_MS)
    expect(heard).not.toHaveBeenCalled()

    await first.changes.announce()
    await second.changes.announce()
    await first.changes.announce()
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1), BOUND)
  }, 15_000)

  it('tells its subscribers whenever it cannot read the feed, and goes on reading; its watcher hears once when the reads fail and once when they work again', async () => {
    const [first] = stores as [Store, Store]
    const heard = vi.fn()
    first.changes.subscribe(heard)
    const sequence = `"${schema.schema}"."store_changes"`

    await asAdmin(schema.url, `alter sequence ${sequence} rename to "store_changes_away"`)
    await vi.waitFor(() => expect(heard.mock.calls.length).toBeGreaterThanOrEqual(2), { ...BOUND, timeout: BOUND.timeout + CHANGE_POLL_MS })
    await vi.waitFor(() => expect(heard.mock.calls.length).toBeGreaterThanOrEqual(3), BOUND)
    expect(watcher.failing).toHaveBeenCalledTimes(1)
    expect(watcher.failing.mock.calls[0]?.[0].message).toMatch(/store_changes/)
    expect(watcher.recovered).not.toHaveBeenCalled()
    await asAdmin(schema.url, `alter sequence "${schema.schema}"."store_changes_away" rename to "store_changes"`)
    await vi.waitFor(() => expect(watcher.recovered).toHaveBeenCalledTimes(1), BOUND)
    expect(watcher.failing).toHaveBeenCalledTimes(1)
    // The first read that succeeds tells once more: what changed meanwhile cannot be known. Then quiet.
    await sleep(2 * CHANGE_POLL_MS)
    heard.mockClear()
    await sleep(2 * CHANGE_POLL_MS)

    expect(heard).not.toHaveBeenCalled()
  }, 20_000)
})

import {
  createUseCases,
  OPERATOR,
  type CredentialEntry,
  type ExpiringCache,
  type GrantLookup,
  type ProtocolAnswer,
  type Repositories,
} from '@cairn/core'
import { inMemoryDeps, type InMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createHttpApp } from './app.ts'
import type { CachedAnswer } from './cached-answer.ts'

/** An in-memory cache that tells how many entries it holds and how many it was given, to see what a write empties and what is kept. */
function countingCache<V>(): ExpiringCache<V> & { readonly size: number; readonly sets: number } {
  const entries = new Map<string, V>()
  let sets = 0
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      sets += 1
      entries.set(key, value)
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size
    },
    get sets() {
      return sets
    },
  }
}

/** A process over the shared store: its use cases, its HTTP app and every cache it keeps store data in. */
function processOver(store: InMemoryDeps) {
  const caches = {
    credentials: countingCache<CredentialEntry>(),
    access: countingCache<GrantLookup>(),
    protocol: countingCache<ProtocolAnswer>(),
    answers: countingCache<CachedAnswer>(),
  }
  const useCases = createUseCases({
    ...store,
    credentialCache: caches.credentials,
    accessCache: caches.access,
    protocolCache: caches.protocol,
  })
  const app = createHttpApp({
    ...useCases,
    health: store.health,
    edition: 'self-hosted',
    answerCache: caches.answers,
    log: { error: () => undefined },
  })
  const each = (count: (cache: (typeof caches)[keyof typeof caches]) => number) =>
    Object.fromEntries(Object.entries(caches).map(([name, cache]) => [name, count(cache)]))
  return { useCases, app, sizes: () => each((cache) => cache.size), sets: () => each((cache) => cache.sets) }
}

type Process = ReturnType<typeof processOver>

describe('one signal of the store’s writes clears every cache of its data: credentials, access, protocol and HTTP answers', () => {
  let store: InMemoryDeps
  let here: Process
  let elsewhere: Process
  let bearer: string
  let writes = 0

  /** A write through `process`'s use cases, which touches nothing the caches hold. */
  const writeThrough = async (process: Process) => {
    writes += 1
    await process.useCases.toolVersions.create.execute(
      { version: `1.${String(writes)}.0`, url: 'https://releases.example.com/tofu.zip', sha: 'a'.repeat(64) },
      OPERATOR,
    )
  }

  /** The two reads that fill all four caches: an organization through the API, and a module's versions through the protocol. */
  const readEverything = async () => {
    const headers = { Authorization: `Bearer ${bearer}` }
    expect((await here.app.request('/api/v2/organizations/acme', { headers })).status).toBe(200)
    // No such module: its empty list of versions is kept all the same.
    expect((await here.app.request('/api/registry/v1/modules/acme/network/aws/versions', { headers })).status).toBe(404)
  }

  beforeEach(async () => {
    // Two processes over one store and one change feed, as two servers on one database.
    store = inMemoryDeps()
    here = processOver(store)
    elsewhere = processOver(store)
    await here.useCases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    ;({ bearer } = await here.useCases.userTokens.create.execute({ user: { username: 'bob' } }, OPERATOR))
    await here.useCases.organizations.create(
      { name: 'acme', email: 'ops@acme.example' },
      await here.useCases.authenticateToken.execute(bearer),
    )
    await readEverything()
    expect(here.sizes()).toEqual({ credentials: 1, access: 1, protocol: 1, answers: 1 })
  })

  const writers: [string, () => Process][] = [
    ['a write of this process', () => here],
    ['a write another process announced', () => elsewhere],
  ]

  describe.each(writers)('%s', (_, writer) => {
    it('empties all four caches', async () => {
      await writeThrough(writer())
      expect(here.sizes()).toEqual({ credentials: 0, access: 0, protocol: 0, answers: 0 })
      await readEverything()
      expect(here.sizes()).toEqual({ credentials: 1, access: 1, protocol: 1, answers: 1 })
    })

    it('keeps nothing a read found while it happened', async () => {
      await writeThrough(writer())
      const setsBefore = here.sets()
      const read = store.unitOfWork.read.bind(store.unitOfWork)
      // Every read of the store the next requests make is overtaken by a write before it answers.
      vi.spyOn(store.unitOfWork, 'read').mockImplementation(async <T>(work: (repositories: Repositories) => Promise<T>) => {
        const found = await read(work)
        await writeThrough(writer())
        return found
      })
      await readEverything()
      // One entry was kept: the organization show checks access inside its read, which no write
      // overtook; the write after that read cleared it. The protocol's check reads on its own.
      expect(here.sets()).toEqual({ ...setsBefore, access: (setsBefore['access'] ?? 0) + 1 })
      expect(here.sizes()).toEqual({ credentials: 0, access: 0, protocol: 0, answers: 0 })
    })
  })
})

import { CairnError, OPERATOR } from '@cairn/core'
import { scratchDatabase } from '@cairn/persistence/testing'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CairnOptions } from './cairn-options.ts'
import { createCairn, type Cairn } from './create-cairn.ts'

/** A store to open Cairn on again and again, and how to let go of it; a memory store cannot be reopened. */
interface TestStore {
  readonly options: CairnOptions
  readonly reopens: boolean
  dispose(): Promise<void>
}

const STORES: readonly (readonly [string, () => Promise<TestStore>])[] = [
  ['memory', async () => ({ options: { store: { kind: 'memory' } }, reopens: false, dispose: async () => undefined })],
  [
    'the embedded database',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cairn-closed-'))
      return {
        options: { store: { kind: 'embedded', dataDir } },
        reopens: true,
        dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
      }
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const database = await scratchDatabase()
      const options: CairnOptions = {
        store: { kind: 'postgres', url: database.url },
        blobs: { kind: 'memory' },
        signingKey: 's'.repeat(32),
      }
      return { options, reopens: true, dispose: database.drop }
    },
  ],
]

const user = (username: string) => ({ username, email: `${username}@example.com` })

/** Whether the store holds the user: only an existing user gets a token. */
async function holds(cairn: Cairn, username: string): Promise<boolean> {
  try {
    await cairn.useCases.tokens.createForUser({ user: { username } }, OPERATOR)
    return true
  } catch (error) {
    if (error instanceof CairnError && error.code === 'not_found') return false
    throw error
  }
}

/** Which of the users the store holds, read by a Cairn opened on it again; undefined for a store that cannot be reopened. */
async function heldOnReopen(store: TestStore, usernames: readonly string[]): Promise<Record<string, boolean> | undefined> {
  if (!store.reopens) return undefined
  const reopened = await createCairn(store.options)
  try {
    const entries = await Promise.all(usernames.map(async (username) => [username, await holds(reopened, username)] as const))
    return Object.fromEntries(entries)
  } finally {
    await reopened.close()
  }
}

describe.each(STORES)('a Cairn on %s, once closed', (_, open) => {
  it('refuses every operation and request with "this Cairn is closed", and writes nothing', async () => {
    const store = await open()
    try {
      const cairn = await createCairn(store.options)
      await cairn.useCases.users.create(user('before'), OPERATOR)
      const { bearer } = await cairn.useCases.tokens.createForUser({ user: { username: 'before' } }, OPERATOR)
      await cairn.close()

      const refused = { name: 'CairnError', code: 'unavailable', message: 'this Cairn is closed' }
      await expect(cairn.useCases.users.create(user('after'), OPERATOR)).rejects.toMatchObject(refused)
      await expect(cairn.useCases.tokens.authenticate({ token: bearer })).rejects.toMatchObject(refused)
      await expect(cairn.useCases.organizations.create({ name: 'acme', email: 'ops@acme.test' }, OPERATOR)).rejects.toMatchObject(refused)
      const body = JSON.stringify({ data: { type: 'users', attributes: { username: 'posted', email: 'posted@example.com' } } })
      const response = await cairn.fetch(
        new Request('http://cairn.test/api/v2/admin/users', { method: 'POST', headers: { Authorization: `Bearer ${bearer}` }, body }),
      )
      expect(response.status).toBe(503)
      expect(response.headers.get('Content-Type')).toBe('application/vnd.api+json')
      expect(await response.json()).toEqual({ errors: [{ status: '503', title: 'service unavailable', detail: 'this Cairn is closed' }] })
      // Closing again is no error, and releases nothing twice.
      await expect(Promise.all([cairn.close(), cairn.close()])).resolves.toEqual([undefined, undefined])

      const held = await heldOnReopen(store, ['before', 'after', 'posted'])
      if (held !== undefined) expect(held).toEqual({ before: true, after: false, posted: false })
    } finally {
      await store.dispose()
    }
  }, 120_000)

  it('lets an operation running when close() is called end first, and refuses the ones after', async () => {
    const store = await open()
    try {
      const cairn = await createCairn(store.options)
      const running = cairn.useCases.users.create(user('running'), OPERATOR)
      const closing = cairn.close()
      // The refusal is observed at once: left unobserved while `running` ends, it is an unhandled rejection.
      const late = expect(cairn.useCases.users.create(user('late'), OPERATOR)).rejects.toMatchObject({ code: 'unavailable' })
      await expect(running).resolves.toMatchObject({ username: 'running' })
      await late
      await closing

      const held = await heldOnReopen(store, ['running', 'late'])
      if (held !== undefined) expect(held).toEqual({ running: true, late: false })
    } finally {
      await store.dispose()
    }
  }, 120_000)
})

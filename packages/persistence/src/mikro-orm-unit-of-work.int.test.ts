import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERIALIZATION_ATTEMPTS } from './mikro-orm-unit-of-work.ts'
import { STORES, type OpenedStore } from './test-support/stores.ts'

// The retries of a unit of work, driven by work that fails the way PostgreSQL fails a transaction
// it cannot serialize. The real collisions, through the use cases, are in concurrent-users.int.test.ts
// and concurrent-module-versions.int.test.ts.
describe.each(STORES)('the unit of work on %s, when the database cannot serialize', (_, open) => {
  let opened: OpenedStore

  beforeAll(async () => {
    opened = await open()
    await opened.store.health.check() // connects: PGlite starts lazily, and slowly
  }, 60_000)

  afterAll(async () => {
    await opened?.dispose()
  })

  /** What PostgreSQL raises for a transaction it cannot serialize with others (or a deadlock). */
  const failure = (sqlState: string) => Object.assign(new Error('could not serialize access'), { code: sqlState })

  // A write committed on its own (`autocommit`) is one statement, which a collision undid whole.
  describe.each(['run', 'autocommit'] as const)('%s', (way) => {
    it.each(['40001', '40P01'])('retries work that fails with SQLSTATE %s, and runs it to completion', async (sqlState) => {
      let attempts = 0
      const result = opened.store.unitOfWork[way](async () => {
        attempts += 1
        if (attempts < 3) throw failure(sqlState)
        return 'done'
      })
      await expect(result).resolves.toBe('done')
      expect(attempts).toBe(3)
    })

    it('gives up after a bounded number of attempts and answers unavailable', async () => {
      let attempts = 0
      const result = opened.store.unitOfWork[way](async () => {
        attempts += 1
        throw failure('40001')
      })
      await expect(result).rejects.toMatchObject({ code: 'unavailable' })
      expect(attempts).toBe(SERIALIZATION_ATTEMPTS)
    })

    it('does not retry any other failure', async () => {
      let attempts = 0
      const result = opened.store.unitOfWork[way](async () => {
        attempts += 1
        throw new Error('boom')
      })
      await expect(result).rejects.toThrow('boom')
      expect(attempts).toBe(1)
    })
  })
})

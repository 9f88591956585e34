import { describe, expect, it } from 'vitest'
import { useStore, type StoreHarness } from './store-harness.ts'

export function initialAdminTokenRepositoryContract(name: string, open: StoreHarness): void {
  describe(`InitialAdminTokenRepository contract: ${name}`, () => {
    const store = useStore(open)
    const first = { secretHash: 'hash-of-process-a', createdAt: new Date('2026-01-01T00:00:00Z') }
    const second = { secretHash: 'hash-of-process-b', createdAt: new Date('2026-01-02T00:00:00Z') }

    it('keeps every token added, from each process, until cleared', async () => {
      await expect(store().run(({ initialAdminTokens }) => initialAdminTokens.list())).resolves.toEqual([])
      await store().run(({ initialAdminTokens }) => initialAdminTokens.add(first))
      await store().run(({ initialAdminTokens }) => initialAdminTokens.add(second))
      const listed = await store().run(({ initialAdminTokens }) => initialAdminTokens.list())
      expect([...listed].sort((a, b) => a.secretHash.localeCompare(b.secretHash))).toEqual([first, second])
      await store().run(({ initialAdminTokens }) => initialAdminTokens.clear())
      await expect(store().run(({ initialAdminTokens }) => initialAdminTokens.list())).resolves.toEqual([])
    })

    it('undoes a clear made by a unit of work that failed', async () => {
      await store().run(({ initialAdminTokens }) => initialAdminTokens.add(first))
      const failed = store().run(async ({ initialAdminTokens }) => {
        await initialAdminTokens.clear()
        throw new Error('rolled back')
      })
      await expect(failed).rejects.toThrow('rolled back')
      await expect(store().run(({ initialAdminTokens }) => initialAdminTokens.list())).resolves.toEqual([first])
    })
  })
}

import { describe, expect, it } from 'vitest'
import { aToolVersion } from '../builders/builders.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function unitOfWorkContract(name: string, open: StoreHarness): void {
  describe(`UnitOfWork contract: ${name}`, () => {
    const store = useStore(open)

    it('commits the writes of work that resolves', async () => {
      await store().run(({ toolVersions }) => toolVersions.add(aToolVersion()))
      const found = await store().run(({ toolVersions }) => toolVersions.findById(aToolVersion().id))
      expect(found?.version).toBe('1.9.0')
    })

    it('rolls back every write of work that throws, and rethrows', async () => {
      const failing = store().run(async ({ toolVersions }) => {
        await toolVersions.add(aToolVersion())
        throw new Error('boom')
      })
      await expect(failing).rejects.toThrow('boom')
      const found = await store().run(({ toolVersions }) => toolVersions.findById(aToolVersion().id))
      expect(found).toBeUndefined()
    })

    it('returns the value of the work', async () => {
      await expect(store().run(async () => 42)).resolves.toBe(42)
    })
  })
}

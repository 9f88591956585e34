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

    it('runs concurrent units of work without losing any', async () => {
      const versions = Array.from({ length: 10 }, (_, i) => aToolVersion({ id: `tool-${i}`, version: `1.${i}.0` }))
      await Promise.all(versions.map((tv) => store().run(({ toolVersions }) => toolVersions.add(tv))))
      const page = await store().run(({ toolVersions }) => toolVersions.list({ page: { number: 1, size: 20 } }))
      expect(page.total).toBe(10)
    })

    it('returns the value of the work', async () => {
      await expect(store().run(async () => 42)).resolves.toBe(42)
    })

    it('reads what units of work committed before the read', async () => {
      await store().run(({ toolVersions }) => toolVersions.add(aToolVersion()))
      const found = await store().read(({ toolVersions }) => toolVersions.findById(aToolVersion().id))
      expect(found?.version).toBe('1.9.0')
    })

    it('reads nothing of a unit of work that rolled back', async () => {
      const failing = store().run(async ({ toolVersions }) => {
        await toolVersions.add(aToolVersion())
        throw new Error('boom')
      })
      await expect(failing).rejects.toThrow('boom')
      const page = await store().read(({ toolVersions }) => toolVersions.list({ page: { number: 1, size: 20 } }))
      expect(page.total).toBe(0)
    })

    it('runs concurrent reads and writes, each read seeing a committed state', async () => {
      const versions = Array.from({ length: 10 }, (_, i) => aToolVersion({ id: `tool-${i}`, version: `1.${i}.0` }))
      const totals = await Promise.all(
        versions.map(async (tv) => {
          await store().run(({ toolVersions }) => toolVersions.add(tv))
          const page = await store().read(({ toolVersions }) => toolVersions.list({ page: { number: 1, size: 20 } }))
          return page.total
        }),
      )
      expect(Math.min(...totals)).toBeGreaterThanOrEqual(1)
      expect(Math.max(...totals)).toBeLessThanOrEqual(10)
    })

    it('commits an autocommitted write, for every later unit of work and read to see', async () => {
      await store().autocommit(({ toolVersions }) => toolVersions.add(aToolVersion()))
      const found = await store().read(({ toolVersions }) => toolVersions.findById(aToolVersion().id))
      expect(found?.version).toBe('1.9.0')
      await expect(store().run(({ toolVersions }) => toolVersions.findById(aToolVersion().id))).resolves.toEqual(found)
    })

    it('returns the value of autocommitted work and rethrows its errors', async () => {
      await expect(store().autocommit(async () => 42)).resolves.toBe(42)
      await expect(store().autocommit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    })

    it('returns the value of read work and rethrows its errors', async () => {
      await expect(store().read(async () => 42)).resolves.toBe(42)
      await expect(store().read(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    })
  })
}

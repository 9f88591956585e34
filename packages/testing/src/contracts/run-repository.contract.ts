import { describe, expect, it } from 'vitest'
import { aRun, aWorkspace } from '../builders/builders.ts'
import { idsOf, minute, PAGE, seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function runRepositoryContract(name: string, open: StoreHarness): void {
  describe(`RunRepository contract: ${name}`, () => {
    const store = useStore(open)
    const run = aRun({ status: 'planning', message: 'Triggered by "ci"', createdAt: minute(1), statusChangedAt: minute(2) })

    async function seedWorkspaces(): Promise<void> {
      await seedOrganizations(store(), 'acme')
      await store().run(async ({ workspaces }) => {
        await workspaces.add(aWorkspace())
        await workspaces.add(aWorkspace({ id: 'ws-other', name: 'other' }))
      })
    }

    it('stores a run and finds it by id', async () => {
      await seedWorkspaces()
      await store().run(({ runs }) => runs.add(run))
      await expect(store().run(({ runs }) => runs.findById(run.id))).resolves.toEqual(run)
      await expect(store().run(({ runs }) => runs.findById('run-missing'))).resolves.toBeUndefined()
    })

    it('refuses a run of a workspace it does not have with not_found', async () => {
      const orphan = aRun({ workspaceId: 'ws-missing' })
      await expect(store().run(({ runs }) => runs.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('finds the runs it has of several ids', async () => {
      await seedWorkspaces()
      await store().run(async ({ runs }) => {
        for (const id of ['run-1', 'run-2', 'run-3']) await runs.add(aRun({ id }))
      })
      const found = await store().run(({ runs }) => runs.findByIds(['run-3', 'run-missing', 'run-1']))
      expect(idsOf(found).sort()).toEqual(['run-1', 'run-3'])
      await expect(store().run(({ runs }) => runs.findByIds([]))).resolves.toEqual([])
    })

    it("lists a workspace's runs newest first, ties broken by id, paged, with the total", async () => {
      await seedWorkspaces()
      await store().run(async ({ runs }) => {
        for (const [id, at] of [
          ['run-a', 1],
          ['run-b', 3],
          ['run-c', 2],
          ['run-d', 3],
        ] as const) {
          await runs.add(aRun({ id, createdAt: minute(at) }))
        }
        await runs.add(aRun({ id: 'run-other', workspaceId: 'ws-other', createdAt: minute(9) }))
      })
      const list = (page: typeof PAGE) => store().run(({ runs }) => runs.listByWorkspace(aWorkspace().id, page))
      const all = await list(PAGE)
      expect({ total: all.total, ids: idsOf(all.items) }).toEqual({ total: 4, ids: ['run-d', 'run-b', 'run-c', 'run-a'] })
      const second = await list({ number: 2, size: 3 })
      expect({ total: second.total, ids: idsOf(second.items) }).toEqual({ total: 4, ids: ['run-a'] })
      const none = await store().run(({ runs }) => runs.listByWorkspace('ws-missing', PAGE))
      expect({ total: none.total, ids: idsOf(none.items) }).toEqual({ total: 0, ids: [] })
    })

    it('updates a run, and refuses one it does not have with not_found', async () => {
      await seedWorkspaces()
      await store().run(({ runs }) => runs.add(run))
      const applied = { ...run, status: 'applied' as const, statusChangedAt: minute(7) }
      await store().run(({ runs }) => runs.update(applied))
      await expect(store().run(({ runs }) => runs.findById(run.id))).resolves.toEqual(applied)
      const missing = aRun({ id: 'run-missing' })
      await expect(store().run(({ runs }) => runs.update(missing))).rejects.toMatchObject({ code: 'not_found' })
    })
  })
}

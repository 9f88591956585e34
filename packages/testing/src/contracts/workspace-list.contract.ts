import type { RunStatus, WorkspaceQuery, WorkspaceSortKey } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { aWorkspace } from '../builders/builders.ts'
import { idsOf, minute, PAGE, seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

type Seed = [id: string, organizationName: string, name: string, latestChange: number, run?: [RunStatus, number]]

// Ids are out of name order on purpose, so that the default order (by id) is seen to be by id.
const WORKSPACES: Seed[] = [
  ['ws-01', 'acme', 'networking', 3, ['applied', 5]],
  ['ws-02', 'acme', 'compute', 1],
  ['ws-03', 'globex', 'networking', 2, ['errored', 1]],
  ['ws-04', 'globex', 'acme-mirror', 3, ['planning', 5]],
  ['ws-05', 'initech', 'billing', 0, ['applied', 2]],
  ['ws-06', 'initech', 'a_b', 4],
]

/** `WorkspaceRepository.list`: filtered, searched, sorted and paged by the store. */
export function workspaceListContract(name: string, open: StoreHarness): void {
  describe(`WorkspaceRepository list contract: ${name}`, () => {
    const store = useStore(open)

    async function seed(): Promise<void> {
      await seedOrganizations(store(), 'acme', 'globex', 'initech')
      await store().run(async ({ workspaces }) => {
        for (const [id, organizationName, workspaceName, latestChange, run] of [...WORKSPACES].reverse()) {
          const currentRun = run && { id: `run-${id}`, status: run[0], createdAt: minute(run[1]) }
          await workspaces.add(
            aWorkspace({ id, organizationName, name: workspaceName, latestChangeAt: minute(latestChange), currentRun: currentRun ?? null }),
          )
        }
      })
    }

    async function list(query: Omit<WorkspaceQuery, 'page'> & { page?: WorkspaceQuery['page'] }) {
      const page = await store().run(({ workspaces }) => workspaces.list({ ...query, page: query.page ?? PAGE }))
      return { total: page.total, ids: idsOf(page.items) }
    }

    const sorted = (key: WorkspaceSortKey, descending = false) => list({ sort: { key, descending } })

    // Outside a transaction, as the admin list reads them (on PostgreSQL, a prepared statement).
    async function statusCounts(query: Omit<WorkspaceQuery, 'page'> & { page?: WorkspaceQuery['page'] }) {
      const { statusCounts } = await store().read(({ workspaces }) =>
        workspaces.listWithStatusCounts({ ...query, page: query.page ?? PAGE }),
      )
      return statusCounts
    }

    it('lists every workspace ordered by id by default, with the total', async () => {
      await seed()
      await expect(list({})).resolves.toEqual({ total: 6, ids: ['ws-01', 'ws-02', 'ws-03', 'ws-04', 'ws-05', 'ws-06'] })
      const page = await store().run(({ workspaces }) => workspaces.list({ page: PAGE }))
      expect(page.items[0]).toEqual(
        aWorkspace({ id: 'ws-01', latestChangeAt: minute(3), currentRun: { id: 'run-ws-01', status: 'applied', createdAt: minute(5) } }),
      )
    })

    it('keeps totals and status counts as current runs change and workspaces or organizations go', async () => {
      await seed()
      await store().run(async ({ workspaces }) => {
        const compute = await workspaces.findById('ws-02')
        if (compute === undefined) throw new Error('seeded workspace missing')
        await workspaces.update({ ...compute, currentRun: { id: 'run-new', status: 'errored', createdAt: minute(9) } })
        await workspaces.remove('ws-01')
      })
      await store().run(({ organizations }) => organizations.remove('initech'))
      await expect(list({})).resolves.toEqual({ total: 3, ids: ['ws-02', 'ws-03', 'ws-04'] })
      await expect(list({ organizationName: 'acme' })).resolves.toEqual({ total: 1, ids: ['ws-02'] })
      await expect(list({ currentRunStatuses: ['errored'] })).resolves.toEqual({ total: 2, ids: ['ws-02', 'ws-03'] })
      await expect(statusCounts({})).resolves.toEqual({ byStatus: { errored: 2, planning: 1 }, none: 0, total: 3 })
    })

    it('counts the statuses of what the organization and search select with the page, whatever its status filter and page', async () => {
      await seed()
      const searched = { byStatus: { applied: 1, errored: 1 }, none: 0, total: 2 }
      await expect(statusCounts({ search: 'networking' })).resolves.toEqual(searched)
      await expect(statusCounts({ search: 'networking', currentRunStatuses: ['errored'] })).resolves.toEqual(searched)
      await expect(statusCounts({ search: 'networking', page: { number: 9, size: 20 } })).resolves.toEqual(searched)
      await expect(statusCounts({ search: 'a' })).resolves.toEqual({ byStatus: { applied: 1, planning: 1 }, none: 2, total: 4 })
      await expect(statusCounts({ search: 'nothing matches' })).resolves.toEqual({ byStatus: {}, none: 0, total: 0 })
      const all = await statusCounts({})
      expect(all.total).toBe(6)
      await expect(statusCounts({ currentRunStatuses: ['planning'] })).resolves.toEqual(all)
      await expect(statusCounts({ page: { number: 9, size: 20 } })).resolves.toEqual(all)
      await expect(statusCounts({ organizationName: 'globex' })).resolves.toEqual(
        await statusCounts({ organizationName: 'globex', page: { number: 9, size: 20 } }),
      )
    })

    it('lists the same page with its status counts as without', async () => {
      await seed()
      for (const query of [{}, { search: 'a' }, { organizationName: 'acme', sort: { key: 'name', descending: true } }] as const) {
        const counted = await store().read(({ workspaces }) => workspaces.listWithStatusCounts({ ...query, page: PAGE }))
        await expect(store().read(({ workspaces }) => workspaces.list({ ...query, page: PAGE }))).resolves.toEqual(counted.page)
      }
    })

    it('pages in the store', async () => {
      await seed()
      await expect(list({ page: { number: 2, size: 4 } })).resolves.toEqual({ total: 6, ids: ['ws-05', 'ws-06'] })
      await expect(list({ page: { number: 3, size: 4 } })).resolves.toEqual({ total: 6, ids: [] })
    })

    it('filters by organization name', async () => {
      await seed()
      await expect(list({ organizationName: 'globex' })).resolves.toEqual({ total: 2, ids: ['ws-03', 'ws-04'] })
      await expect(list({ organizationName: 'missing' })).resolves.toEqual({ total: 0, ids: [] })
    })

    it('searches workspace and organization names, ignoring case and taking characters literally', async () => {
      await seed()
      await expect(list({ search: 'ACME' })).resolves.toEqual({ total: 3, ids: ['ws-01', 'ws-02', 'ws-04'] })
      await expect(list({ search: 'Work' })).resolves.toEqual({ total: 2, ids: ['ws-01', 'ws-03'] })
      await expect(list({ search: 'a_b' })).resolves.toEqual({ total: 1, ids: ['ws-06'] })
      await expect(list({ search: '_' })).resolves.toEqual({ total: 1, ids: ['ws-06'] })
      await expect(list({ search: '%' })).resolves.toEqual({ total: 0, ids: [] })
    })

    it('filters by the status of the current run; a workspace without one never matches', async () => {
      await seed()
      await expect(list({ currentRunStatuses: ['applied', 'errored'] })).resolves.toEqual({ total: 3, ids: ['ws-01', 'ws-03', 'ws-05'] })
      await expect(list({ currentRunStatuses: ['pending'] })).resolves.toEqual({ total: 0, ids: [] })
      await expect(list({ currentRunStatuses: [] })).resolves.toEqual({ total: 0, ids: [] })
    })

    it('combines filters, search, sort and paging', async () => {
      await seed()
      const query = {
        search: 'net',
        currentRunStatuses: ['applied', 'errored'] as RunStatus[],
        sort: { key: 'name' as const, descending: true },
      }
      await expect(list(query)).resolves.toEqual({ total: 2, ids: ['ws-03', 'ws-01'] })
      await expect(list({ ...query, page: { number: 2, size: 1 } })).resolves.toEqual({ total: 2, ids: ['ws-01'] })
      await expect(list({ ...query, organizationName: 'acme' })).resolves.toEqual({ total: 1, ids: ['ws-01'] })
    })

    it('sorts by name, ties broken by id; descending is the exact reverse', async () => {
      await seed()
      const ascending = ['ws-06', 'ws-04', 'ws-05', 'ws-02', 'ws-01', 'ws-03']
      await expect(sorted('name')).resolves.toEqual({ total: 6, ids: ascending })
      await expect(sorted('name', true)).resolves.toEqual({ total: 6, ids: [...ascending].reverse() })
    })

    it('sorts by when the current run was created, workspaces without one last ascending and first descending', async () => {
      await seed()
      const ascending = ['ws-03', 'ws-05', 'ws-01', 'ws-04', 'ws-02', 'ws-06']
      await expect(sorted('currentRunCreatedAt')).resolves.toEqual({ total: 6, ids: ascending })
      await expect(sorted('currentRunCreatedAt', true)).resolves.toEqual({ total: 6, ids: [...ascending].reverse() })
    })

    it('sorts by the latest change, ties broken by id', async () => {
      await seed()
      const ascending = ['ws-05', 'ws-02', 'ws-03', 'ws-01', 'ws-04', 'ws-06']
      await expect(sorted('latestChangeAt')).resolves.toEqual({ total: 6, ids: ascending })
      await expect(sorted('latestChangeAt', true)).resolves.toEqual({ total: 6, ids: [...ascending].reverse() })
      const paged = await list({ sort: { key: 'latestChangeAt', descending: true }, page: { number: 2, size: 2 } })
      expect(paged).toEqual({ total: 6, ids: ['ws-01', 'ws-03'] })
    })
  })
}

import type { WorkspaceQuery } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { aRun, aToolVersion, aWorkspace } from '../builders/builders.ts'
import { minute, PAGE, seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'
import { workspaceListContract } from './workspace-list.contract.ts'

export function workspaceRepositoryContract(name: string, open: StoreHarness): void {
  describe(`WorkspaceRepository contract: ${name}`, () => {
    const store = useStore(open)
    const running = aWorkspace({
      locked: true,
      createdAt: minute(1),
      latestChangeAt: minute(2),
      currentRun: { id: 'run-1', status: 'planning', createdAt: minute(3) },
    })

    it('stores a workspace with every field and finds it by id and by organization and name', async () => {
      await seedOrganizations(store(), 'acme', 'other')
      await store().run(({ workspaces }) => workspaces.add(running))
      await expect(store().run(({ workspaces }) => workspaces.findById(running.id))).resolves.toEqual(running)
      await expect(store().run(({ workspaces }) => workspaces.findByName('acme', running.name))).resolves.toEqual(running)
      await expect(store().run(({ workspaces }) => workspaces.findByName('other', running.name))).resolves.toBeUndefined()
      await expect(store().run(({ workspaces }) => workspaces.findById('ws-missing'))).resolves.toBeUndefined()
    })

    it('refuses a second workspace of the same name in one organization, not in another', async () => {
      await seedOrganizations(store(), 'acme', 'other')
      await store().run(({ workspaces }) => workspaces.add(aWorkspace({ id: 'ws-1' })))
      await expect(store().run(({ workspaces }) => workspaces.add(aWorkspace({ id: 'ws-2' })))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name', message: 'has already been taken' }],
      })
      await store().run(({ workspaces }) => workspaces.add(aWorkspace({ id: 'ws-3', organizationName: 'other' })))
    })

    it('refuses a workspace of an organization it does not have with not_found', async () => {
      const orphan = aWorkspace({ organizationName: 'missing' })
      await expect(store().run(({ workspaces }) => workspaces.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('refuses a tool version it does not have with invalid on toolVersion', async () => {
      await seedOrganizations(store(), 'acme')
      const unknown = aWorkspace({ toolVersionId: 'tool-missing' })
      await expect(store().run(({ workspaces }) => workspaces.add(unknown))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'toolVersion' }],
      })
    })

    it('updates a workspace, its current run included, refusing a name the organization has', async () => {
      await seedOrganizations(store(), 'acme')
      await store().run(async ({ workspaces }) => {
        await workspaces.add(running)
        await workspaces.add(aWorkspace({ id: 'ws-2', name: 'compute' }))
      })
      const changed = { ...running, locked: false, latestChangeAt: minute(9) }
      await store().run(({ workspaces }) => workspaces.update(changed))
      await expect(store().run(({ workspaces }) => workspaces.findById(running.id))).resolves.toEqual(changed)
      const finished = { ...changed, currentRun: { id: 'run-2', status: 'applied' as const, createdAt: minute(10) } }
      await store().run(({ workspaces }) => workspaces.update(finished))
      await expect(store().run(({ workspaces }) => workspaces.findById(running.id))).resolves.toEqual(finished)
      await expect(store().run(({ workspaces }) => workspaces.update({ ...running, name: 'compute' }))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      const missing = aWorkspace({ id: 'ws-missing', name: 'missing' })
      await expect(store().run(({ workspaces }) => workspaces.update(missing))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('removes a workspace with its runs, and nothing of another', async () => {
      await seedOrganizations(store(), 'acme')
      await store().run(async ({ workspaces, runs }) => {
        await workspaces.add(aWorkspace({ id: 'ws-1', name: 'a' }))
        await workspaces.add(aWorkspace({ id: 'ws-2', name: 'b' }))
        await runs.add(aRun({ id: 'run-1', workspaceId: 'ws-1' }))
        await runs.add(aRun({ id: 'run-2', workspaceId: 'ws-2' }))
      })
      await store().run(({ workspaces }) => workspaces.remove('ws-1'))
      await store().run(({ workspaces }) => workspaces.remove('ws-missing'))
      const left = await store().run(async ({ workspaces, runs }) => ({
        workspaces: (await workspaces.list({ page: PAGE })).items.map((workspace) => workspace.id),
        runs: (await runs.findByIds(['run-1', 'run-2'])).map((run) => run.id),
      }))
      expect(left).toEqual({ workspaces: ['ws-2'], runs: ['run-2'] })
    })

    it('counts the workspaces that use a tool version', async () => {
      await seedOrganizations(store(), 'acme')
      const toolVersion = aToolVersion()
      await store().run(async ({ toolVersions, workspaces }) => {
        await toolVersions.add(toolVersion)
        await workspaces.add(aWorkspace({ id: 'ws-1', name: 'a', toolVersionId: toolVersion.id }))
        await workspaces.add(aWorkspace({ id: 'ws-2', name: 'b', toolVersionId: toolVersion.id }))
        await workspaces.add(aWorkspace({ id: 'ws-3', name: 'c' }))
      })
      await expect(store().run(({ workspaces }) => workspaces.countUsingToolVersion(toolVersion.id))).resolves.toBe(2)
      await expect(store().run(({ workspaces }) => workspaces.countUsingToolVersion('tool-none'))).resolves.toBe(0)
    })

    it('counts workspaces by the status of their current run, within an organization and a search', async () => {
      await seedOrganizations(store(), 'acme', 'globex')
      const run = (id: string, status: 'applied' | 'planning') => ({ id, status, createdAt: minute(1) })
      await store().run(async ({ workspaces }) => {
        await workspaces.add(aWorkspace({ id: 'ws-1', name: 'web', currentRun: run('run-1', 'applied') }))
        await workspaces.add(aWorkspace({ id: 'ws-2', name: 'db', currentRun: run('run-2', 'applied') }))
        await workspaces.add(aWorkspace({ id: 'ws-3', name: 'web-next', currentRun: run('run-3', 'planning') }))
        await workspaces.add(aWorkspace({ id: 'ws-4', name: 'idle' }))
        await workspaces.add(aWorkspace({ id: 'ws-5', name: 'web', organizationName: 'globex' }))
      })
      const statusCounts = async (query: Omit<WorkspaceQuery, 'page'>) =>
        (await store().run(({ workspaces }) => workspaces.listWithStatusCounts({ ...query, page: PAGE }))).statusCounts
      await expect(statusCounts({})).resolves.toEqual({ byStatus: { applied: 2, planning: 1 }, none: 2, total: 5 })
      await expect(statusCounts({ organizationName: 'acme' })).resolves.toEqual({
        byStatus: { applied: 2, planning: 1 },
        none: 1,
        total: 4,
      })
      await expect(statusCounts({ organizationName: 'acme', search: 'WEB' })).resolves.toEqual({
        byStatus: { applied: 1, planning: 1 },
        none: 0,
        total: 2,
      })
    })
  })

  workspaceListContract(name, open)
}

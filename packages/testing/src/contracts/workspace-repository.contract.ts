import { describe, expect, it } from 'vitest'
import { aToolVersion, aWorkspace } from '../builders/builders.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function workspaceRepositoryContract(name: string, open: StoreHarness): void {
  describe(`WorkspaceRepository contract: ${name}`, () => {
    const store = useStore(open)

    it('stores a workspace and finds it by id', async () => {
      const workspace = aWorkspace()
      await store().run(({ workspaces }) => workspaces.add(workspace))
      await expect(store().run(({ workspaces }) => workspaces.findById(workspace.id))).resolves.toEqual(workspace)
    })

    it('refuses a second workspace of the same name in one organization, not in another', async () => {
      await store().run(({ workspaces }) => workspaces.add(aWorkspace({ id: 'ws-1' })))
      await expect(store().run(({ workspaces }) => workspaces.add(aWorkspace({ id: 'ws-2' })))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name', message: 'has already been taken' }],
      })
      await store().run(({ workspaces }) => workspaces.add(aWorkspace({ id: 'ws-3', organizationName: 'other' })))
    })

    it('counts the workspaces that use a tool version', async () => {
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
  })
}

import type { RegistryModule } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { minute } from './fixtures.ts'
import { anOkVersion, archiveOf, attempting, aVersion, METADATA, seedModules } from './module-fixtures.ts'
import { aModule } from '../builders/a-module.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function moduleHousekeepingContract(name: string, open: StoreHarness): void {
  describe(`ModuleHousekeeping contract: ${name}`, () => {
    const store = useStore(open)
    const seed = (...modules: RegistryModule[]) => seedModules(store(), ...modules)

    it('pages through the modules published from VCS, with their organizations, across organizations, in id order', async () => {
      await seed(
        aModule({ id: 'mod-c', name: 'c', publishingMechanism: 'git_tag' }),
        aModule({ id: 'mod-a', name: 'a', publishingMechanism: 'branch' }),
        aModule({ id: 'mod-b', name: 'b' }),
        aModule({ id: 'mod-d', name: 'd', organizationName: 'globex', publishingMechanism: 'git_tag' }),
      )
      await expect(store().run(({ moduleHousekeeping }) => moduleHousekeeping.vcsModules('', 2))).resolves.toEqual([
        { id: 'mod-a', organizationName: 'acme' },
        { id: 'mod-c', organizationName: 'acme' },
      ])
      await expect(store().run(({ moduleHousekeeping }) => moduleHousekeeping.vcsModules('mod-c', 2))).resolves.toEqual([
        { id: 'mod-d', organizationName: 'globex' },
      ])
    })

    it('finds the versions whose latest attempt came to reg_ingressing before a time, by either route, oldest first', async () => {
      await seed(aModule({ id: 'mod-1' }), aModule({ id: 'mod-v', name: 'v', publishingMechanism: 'git_tag' }))
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(attempting('reg_ingressing', minute(4), { id: 'modver-late', version: '1.0.1' }))
        await moduleVersions.add(attempting('reg_ingressing', minute(1), { id: 'modver-old', version: '1.0.2', updatedAt: minute(5) }))
        // A re-upload of a version that is ok meanwhile.
        await moduleVersions.add(
          attempting('reg_ingressing', minute(2), { id: 'modver-mid', version: '1.0.3', archive: archiveOf('modver-mid') }),
        )
        await moduleVersions.add(anOkVersion({ id: 'modver-ok', version: '1.0.4', updatedAt: minute(1) }))
        await moduleVersions.add(attempting('reg_ingress_failed', minute(1), { id: 'modver-failed', version: '1.0.5' }))
        await moduleVersions.add(attempting('reg_ingressing', minute(2), { id: 'modver-vcs', moduleId: 'mod-v' }))
      })
      const stuck = (limit: number) => store().run(({ moduleHousekeeping }) => moduleHousekeeping.stuckUploadIds(minute(3), limit))
      await expect(stuck(10)).resolves.toEqual(['modver-old', 'modver-mid', 'modver-vcs'])
      await expect(stuck(1)).resolves.toEqual(['modver-old'])
    })

    it("lists an organization's archives, which go with their versions", async () => {
      await seed(aModule())
      const archive = { blobKey: 'modules/modver-1.tar.gz', sha256: 'b'.repeat(64), size: 10 }
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(aVersion({ archive, metadata: METADATA }))
        await moduleVersions.add(aVersion({ id: 'modver-2', version: '2.0.0' }))
      })
      const archives = (organizationName: string) =>
        store().run(({ moduleHousekeeping }) => moduleHousekeeping.archiveKeysOfOrganization(organizationName))
      await expect(archives('acme')).resolves.toEqual([archive.blobKey])
      await expect(archives('other')).resolves.toEqual([])
      await store().run(({ moduleVersions }) => moduleVersions.remove('modver-1'))
      await expect(archives('acme')).resolves.toEqual([])
    })

    it('adds downloads in place, which later version updates leave alone', async () => {
      await seed(aModule())
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(aVersion())
        await moduleVersions.add(aVersion({ id: 'modver-2', version: '2.0.0', createdAt: minute(1) }))
      })
      await store().run(({ moduleHousekeeping }) => moduleHousekeeping.addDownloads(new Map([['modver-1', 1]])))
      await store().run(({ moduleHousekeeping }) =>
        moduleHousekeeping.addDownloads(
          new Map([
            ['modver-1', 2],
            ['modver-2', 5],
            ['modver-missing', 1],
          ]),
        ),
      )
      await store().run(({ moduleVersions }) => moduleVersions.update(anOkVersion({ updatedAt: minute(9) })))
      const versions = await store().run(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1']))
      expect(versions.get('mod-1')?.map((version) => [version.id, version.downloads])).toEqual([
        ['modver-1', 3],
        ['modver-2', 5],
      ])
    })
  })
}

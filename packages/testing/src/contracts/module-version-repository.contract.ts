import type { RegistryModule } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, minute } from './fixtures.ts'
import { aCloningVersion, aFailedReupload, archiveOf, aVersion, METADATA, seedModules } from './module-fixtures.ts'
import { aModule } from '../builders/a-module.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

/** The opening of `METADATA`'s README, below its heading. */
const METADATA_DESCRIPTION = '"quoted" and ünïcode'

export function moduleVersionRepositoryContract(name: string, open: StoreHarness): void {
  describe(`ModuleVersionRepository contract: ${name}`, () => {
    const store = useStore(open)
    const seed = (...modules: RegistryModule[]) => seedModules(store(), ...modules)

    it("keeps a version's attempt apart from the archive it serves: an ok version with a failed attempt stays ok", async () => {
      await seed(aModule())
      const failedAgain = aFailedReupload()
      const cloning = aCloningVersion()
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(failedAgain)
        await moduleVersions.add(cloning)
      })
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById('modver-1'))).resolves.toEqual(failedAgain)
      expect(failedAgain).toMatchObject({ status: 'ok', error: null })
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById('modver-2'))).resolves.toEqual(cloning)
      const { metadata: _metadata, ...summary } = failedAgain
      const versions = await store().run(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1']))
      expect(versions.get('mod-1')).toEqual([
        { ...summary, downloads: 0, description: METADATA_DESCRIPTION },
        expect.objectContaining({ status: 'cloning', attempt: cloning.attempt }),
      ])
      const settled = failedAgain
        .startUpload('upload link issued to user olivia', minute(5))
        .settle(2, { archive: archiveOf('modver-1b'), metadata: METADATA }, minute(6))
      await store().run(({ moduleVersions }) => moduleVersions.update(settled))
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById('modver-1'))).resolves.toEqual(settled)
      expect(settled.attempt).toBeNull()
    })

    it('stores versions with their archive and metadata, refusing a taken version or an unknown module', async () => {
      await seed(aModule())
      const archive = { blobKey: 'modules/modver-1.tar.gz', sha256: 'a'.repeat(64), size: 5_000_000_000 }
      const version = aVersion({ archive, metadata: METADATA, uploadGeneration: 2, commitSha: 'abc' })
      await store().run(({ moduleVersions }) => moduleVersions.add(version))
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById(version.id))).resolves.toEqual(version)
      await expect(store().run(({ moduleVersions }) => moduleVersions.find('mod-1', '1.0.0'))).resolves.toEqual(version)
      await expect(store().run(({ moduleVersions }) => moduleVersions.find('mod-1', '2.0.0'))).resolves.toBeUndefined()
      const again = aVersion({ id: 'modver-2' })
      await expect(store().run(({ moduleVersions }) => moduleVersions.add(again))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
      const orphan = aVersion({ id: 'modver-3', moduleId: 'mod-missing' })
      await expect(store().run(({ moduleVersions }) => moduleVersions.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('updates and removes versions, refusing to update one it does not have with not_found', async () => {
      await seed(aModule())
      await store().run(({ moduleVersions }) => moduleVersions.add(aVersion()))
      const archive = { blobKey: 'modules/modver-1.tar.gz', sha256: 'b'.repeat(64), size: 10 }
      const uploaded = aVersion({ archive, metadata: METADATA, updatedAt: minute(3) })
      await store().run(({ moduleVersions }) => moduleVersions.update(uploaded))
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById(uploaded.id))).resolves.toEqual(uploaded)
      const missing = aVersion({ id: 'modver-missing' })
      await expect(store().run(({ moduleVersions }) => moduleVersions.update(missing))).rejects.toMatchObject({
        code: 'not_found',
      })
      await store().run(({ moduleVersions }) => moduleVersions.remove(uploaded.id))
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById(uploaded.id))).resolves.toBeUndefined()
    })

    it('tells the versions of each module oldest first', async () => {
      await seed(aModule(), aModule({ id: 'mod-2', provider: 'google' }), aModule({ id: 'mod-3', provider: 'azurerm' }))
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(aVersion({ id: 'modver-b', version: '1.1.0', createdAt: minute(2) }))
        await moduleVersions.add(aVersion({ id: 'modver-a', version: '1.0.0', createdAt: minute(1) }))
        await moduleVersions.add(aVersion({ id: 'modver-c', moduleId: 'mod-2' }))
      })
      const versions = await store().run(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1', 'mod-3', 'mod-missing']))
      expect(new Map([...versions].map(([id, list]) => [id, idsOf(list)]))).toEqual(
        new Map([
          ['mod-1', ['modver-a', 'modver-b']],
          ['mod-3', []],
          ['mod-missing', []],
        ]),
      )
    })

    it("lists a settled version with its README's opening as its description, kept while a later attempt fails", async () => {
      await seed(aModule())
      const pending = aVersion()
      await store().run(({ moduleVersions }) => moduleVersions.add(pending))
      const descriptions = async () =>
        (await store().run(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1']))).get('mod-1')?.map((v) => v.description)
      await expect(descriptions()).resolves.toEqual([''])
      const readme = '# VPC\n\n[![CI](https://ci.example.com/b.svg)](https://ci.example.com)\n\nA **VPC** with [subnets](docs/subnets.md).'
      const metadata = { ...METADATA, root: { ...METADATA.root, readme } }
      const settled = pending
        .startUpload('upload link issued to user olivia', minute(1))
        .settle(1, { archive: archiveOf('modver-1'), metadata }, minute(2))
      await store().run(({ moduleVersions }) => moduleVersions.update(settled))
      await expect(descriptions()).resolves.toEqual(['A VPC with subnets.'])
      const refused = settled
        .startUpload('upload link issued to user olivia', minute(3))
        .refuseArchive(2, 'is not a gzip tarball', minute(4))
      await store().run(({ moduleVersions }) => moduleVersions.update(refused))
      await expect(descriptions()).resolves.toEqual(['A VPC with subnets.'])
    })

    it('lists versions without their metadata', async () => {
      await seed(aModule())
      const archive = { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'c'.repeat(64), size: 42 }
      const { metadata: _metadata, ...summary } = aVersion({ archive, metadata: METADATA })
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(aVersion({ archive, metadata: METADATA }))
        await moduleVersions.add(aVersion({ id: 'modver-2', version: '2.0.0', createdAt: minute(1) }))
      })
      const versions = await store().run(({ moduleVersions }) => moduleVersions.versionsOf(['mod-1']))
      expect(versions.get('mod-1')?.[0]).toEqual({ ...summary, downloads: 0, description: METADATA_DESCRIPTION })
      expect(versions.get('mod-1')?.[0]).not.toHaveProperty('metadata')
    })
  })
}

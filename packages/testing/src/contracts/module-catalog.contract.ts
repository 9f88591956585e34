import type { PublishedModuleQuery, RegistryModule, ServedVersionsQuery } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, minute } from './fixtures.ts'
import { aCloningVersion, aFailedReupload, anOkVersion, archiveOf, attempting, aVersion, METADATA, seedModules } from './module-fixtures.ts'
import { aModule } from '../builders/a-module.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function moduleCatalogContract(name: string, open: StoreHarness): void {
  describe(`ModuleCatalog contract: ${name}`, () => {
    const store = useStore(open)
    const seed = (...modules: RegistryModule[]) => seedModules(store(), ...modules)

    it('serves and publishes an ok version whose latest attempt failed: the attempt is apart from the archive it serves', async () => {
      await seed(aModule())
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(aFailedReupload())
        await moduleVersions.add(aCloningVersion())
      })
      expect(
        idsOf(await store().run(({ moduleCatalog }) => moduleCatalog.servedVersions({ organizationName: 'acme', address: aModule() }))),
      ).toEqual(['modver-1'])
      expect(idsOf(await store().run(({ moduleCatalog }) => moduleCatalog.published({ offset: 0, limit: 10 })))).toEqual(['mod-1'])
    })

    it('loads metadata only for the versions asked that have some', async () => {
      await seed(aModule())
      const archive = { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'c'.repeat(64), size: 42 }
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(aVersion({ archive, metadata: METADATA }))
        await moduleVersions.add(aVersion({ id: 'modver-2', version: '2.0.0', createdAt: minute(1) }))
      })
      const metadata = await store().run(({ moduleCatalog }) => moduleCatalog.versionMetadata(['modver-1', 'modver-2', 'modver-missing']))
      expect(metadata).toEqual(new Map([['modver-1', METADATA]]))
      await expect(store().run(({ moduleCatalog }) => moduleCatalog.versionMetadata([]))).resolves.toEqual(new Map())
    })

    describe('servedVersions (the registry protocol in one read)', () => {
      const archive = { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'c'.repeat(64), size: 42 }
      const served = (query: Partial<ServedVersionsQuery> = {}) =>
        store().run(({ moduleCatalog }) => moduleCatalog.servedVersions({ organizationName: 'acme', address: aModule(), ...query }))

      async function seedServed() {
        await seed(aModule(), aModule({ id: 'mod-2', provider: 'google' }))
        await store().run(async ({ moduleVersions }) => {
          await moduleVersions.add(anOkVersion({ id: 'modver-2', version: '2.0.0', metadata: METADATA, createdAt: minute(2) }))
          await moduleVersions.add(aVersion({ archive, metadata: METADATA, createdAt: minute(1) }))
          await moduleVersions.add(attempting('reg_ingress_failed', minute(3), { id: 'modver-3', version: '3.0.0', createdAt: minute(3) }))
          await moduleVersions.add(anOkVersion({ id: 'modver-g', moduleId: 'mod-2' }))
        })
      }

      it("gives the provider's ok versions only, oldest first, with their archive and the requirements of their metadata", async () => {
        await seedServed()
        const submodule = {
          ...METADATA.root,
          path: 'modules/subnet',
          name: 'subnet',
          moduleCalls: [{ name: 'labels', source: './labels', version: '' }],
        }
        await store().run(async ({ moduleVersions }) => {
          await moduleVersions.add(anOkVersion({ id: 'modver-4', version: '4.0.0', createdAt: minute(4) }))
          const metadata = { ...METADATA, submodules: [submodule], examples: [{ ...submodule, path: 'examples/basic' }] }
          await moduleVersions.add(anOkVersion({ id: 'modver-5', version: '5.0.0', metadata, createdAt: minute(5) }))
        })
        const root = { providers: METADATA.root.providerRequirements, dependencies: [] }
        const none = { providers: [], dependencies: [] }
        await expect(served()).resolves.toEqual([
          { id: 'modver-1', version: '1.0.0', archive, root, submodules: [] },
          { id: 'modver-2', version: '2.0.0', archive: archiveOf('modver-2'), root, submodules: [] },
          { id: 'modver-4', version: '4.0.0', archive: archiveOf('modver-4'), root: none, submodules: [] },
          {
            id: 'modver-5',
            version: '5.0.0',
            archive: archiveOf('modver-5'),
            root,
            submodules: [{ path: 'modules/subnet', ...root, dependencies: submodule.moduleCalls }],
          },
        ])
      })

      it('gives nothing for another provider, organization or registry', async () => {
        await seedServed()
        await expect(served({ address: aModule({ provider: 'azure' }) })).resolves.toEqual([])
        await expect(served({ organizationName: 'globex' })).resolves.toEqual([])
        await expect(served({ address: aModule({ registryName: 'public' }) })).resolves.toEqual([])
        expect(idsOf(await served({ address: aModule({ provider: 'google' }) }))).toEqual(['modver-g'])
      })

      // Outside a transaction a store may run the statement differently (PostgreSQL: prepared once per connection).
      it('gives the same outside a transaction, run after run', async () => {
        await seedServed()
        const read = (query: Partial<ServedVersionsQuery> = {}) =>
          store().read(({ moduleCatalog }) => moduleCatalog.servedVersions({ organizationName: 'acme', address: aModule(), ...query }))
        const expected = await served()
        for (let run = 0; run < 7; run++) {
          await expect(read()).resolves.toEqual(expected)
          await expect(read({ organizationName: 'globex' })).resolves.toEqual([])
          expect(idsOf(await read({ address: aModule({ provider: 'google' }) }))).toEqual(['modver-g'])
        }
      })
    })

    it('lists private modules with an ok version across organizations, filtered and cut by offset and limit', async () => {
      await seed(
        aModule({ id: 'mod-1', name: 'vpc', provider: 'aws' }),
        aModule({ id: 'mod-2', name: 'vpc', provider: 'google' }),
        aModule({ id: 'mod-3', name: 'dns', provider: 'aws' }),
        aModule({ id: 'mod-4', name: 'pending', provider: 'aws' }),
        aModule({ id: 'mod-5', namespace: 'globex', organizationName: 'globex', name: 'net', provider: 'aws' }),
        aModule({ id: 'mod-6', name: 'curated', provider: 'aws', registryName: 'public' }),
      )
      await store().run(async ({ moduleVersions }) => {
        for (const moduleId of ['mod-1', 'mod-2', 'mod-3', 'mod-5', 'mod-6']) {
          await moduleVersions.add(anOkVersion({ id: `v-${moduleId}`, moduleId }))
          await moduleVersions.add(anOkVersion({ id: `w-${moduleId}`, moduleId, version: '2.0.0' }))
        }
        await moduleVersions.add(attempting('reg_ingress_failed', minute(1), { id: 'v-mod-4', moduleId: 'mod-4' }))
      })
      const published = async (query: Partial<PublishedModuleQuery>) =>
        idsOf(await store().run(({ moduleCatalog }) => moduleCatalog.published({ offset: 0, limit: 50, ...query })))
      await expect(published({})).resolves.toEqual(['mod-3', 'mod-1', 'mod-2', 'mod-5'])
      await expect(published({ organizationNames: ['acme'] })).resolves.toEqual(['mod-3', 'mod-1', 'mod-2'])
      await expect(published({ organizationNames: [] })).resolves.toEqual([])
      await expect(published({ offset: 1, limit: 2 })).resolves.toEqual(['mod-1', 'mod-2'])
      await expect(published({ search: 'GOOG' })).resolves.toEqual(['mod-2'])
      await expect(published({ search: 'v_c' })).resolves.toEqual([])
      await expect(published({ provider: 'aws', namespace: 'acme' })).resolves.toEqual(['mod-3', 'mod-1'])
    })
  })
}

import { versionsJson, type PublishedModuleQuery, type RegistryModule, type Repositories, type ServedVersionsQuery } from '@cairn/core'
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

    describe('versionsDocument (the `versions` answer kept written)', () => {
      const query = { organizationName: 'acme', address: aModule() }
      /** The document as data: a store may write its JSON otherwise (spacing, the order of keys). */
      const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json))
      const documentIn = (repositories: Repositories, at: Partial<ServedVersionsQuery> = {}) =>
        repositories.moduleCatalog.versionsDocument({ ...query, ...at }).then(parsed)
      const servedIn = async (repositories: Repositories) => {
        const served = await repositories.moduleCatalog.servedVersions(query)
        return served.length === 0 ? null : parsed(versionsJson(served))
      }

      it("is versionsJson of the provider's served versions, and null for another provider, organization or registry", async () => {
        await seed(aModule(), aModule({ id: 'mod-2', provider: 'google' }))
        const submodule = { ...METADATA.root, path: 'modules/subnet', moduleCalls: [{ name: 'labels', source: './labels', version: '' }] }
        await store().run(async ({ moduleVersions }) => {
          await moduleVersions.add(
            anOkVersion({ id: 'modver-2', version: '2.0.0', metadata: { ...METADATA, submodules: [submodule] }, createdAt: minute(2) }),
          )
          await moduleVersions.add(anOkVersion({ metadata: METADATA, createdAt: minute(1) }))
          await moduleVersions.add(anOkVersion({ id: 'modver-3', version: '3.0.0', createdAt: minute(3) }))
          await moduleVersions.add(attempting('reg_ingressing', minute(4), { id: 'modver-4', version: '4.0.0', createdAt: minute(4) }))
        })
        const document = await store().read((repositories) => documentIn(repositories))
        expect(document).toEqual(await store().read(servedIn))
        expect(document).toMatchObject([{ version: '1.0.0' }, { version: '2.0.0' }, { version: '3.0.0' }])
        await store().read(async (repositories) => {
          await expect(documentIn(repositories, { address: aModule({ provider: 'google' }) })).resolves.toBeNull()
          await expect(documentIn(repositories, { organizationName: 'globex' })).resolves.toBeNull()
          await expect(documentIn(repositories, { address: aModule({ registryName: 'public' }) })).resolves.toBeNull()
        })
      })

      // What a miss of the protocol's cache reads right after a write must be that write's.
      it('follows each change of a version in the transaction that makes it: a publish, a version going ok, a deletion', async () => {
        await seed(aModule())
        const versionsIn = async (repositories: Repositories) => {
          const document = await documentIn(repositories)
          expect(document).toEqual(await servedIn(repositories))
          return (document as { version: string }[] | null)?.map(({ version }) => version) ?? null
        }
        await store().run(async (repositories) => {
          await repositories.moduleVersions.add(anOkVersion({ metadata: METADATA }))
          await expect(versionsIn(repositories)).resolves.toEqual(['1.0.0'])
          await repositories.moduleVersions.add(
            attempting('reg_ingressing', minute(2), { id: 'modver-2', version: '2.0.0', createdAt: minute(2) }),
          )
          await expect(versionsIn(repositories)).resolves.toEqual(['1.0.0'])
        })
        await store().run(async (repositories) => {
          await repositories.moduleVersions.update(
            anOkVersion({ id: 'modver-2', version: '2.0.0', metadata: METADATA, createdAt: minute(2) }),
          )
          await expect(versionsIn(repositories)).resolves.toEqual(['1.0.0', '2.0.0'])
          // A failed re-upload leaves the archive served, and the version listed.
          await repositories.moduleVersions.update(aFailedReupload())
          await expect(versionsIn(repositories)).resolves.toEqual(['1.0.0', '2.0.0'])
        })
        await expect(store().read(versionsIn)).resolves.toEqual(['1.0.0', '2.0.0'])
        await store().run(async (repositories) => {
          await repositories.moduleVersions.remove('modver-1')
          await expect(versionsIn(repositories)).resolves.toEqual(['2.0.0'])
        })
        await expect(store().read(versionsIn)).resolves.toEqual(['2.0.0'])
        await store().run(async (repositories) => {
          await repositories.moduleVersions.remove('modver-2')
          await expect(versionsIn(repositories)).resolves.toBeNull()
        })
        await store().run(({ moduleVersions }) => moduleVersions.add(anOkVersion({ id: 'modver-5', version: '5.0.0' })))
        await store().run(({ registryModules }) => registryModules.remove('mod-1'))
        await expect(store().read((repositories) => documentIn(repositories))).resolves.toBeNull()
      })

      it('leaves nothing behind when a transaction that changed versions fails', async () => {
        await seed(aModule())
        const failed = store().run(async ({ moduleVersions }) => {
          await moduleVersions.add(anOkVersion())
          throw new Error('the work failed')
        })
        await expect(failed).rejects.toThrow()
        await expect(store().read((repositories) => documentIn(repositories))).resolves.toBeNull()
      })
    })

    describe('servedArchive (one version for download)', () => {
      const archiveQuery = (version: string, at: Partial<ServedVersionsQuery> = {}) =>
        store().read(({ moduleCatalog }) => moduleCatalog.servedArchive({ organizationName: 'acme', address: aModule(), version, ...at }))

      it('gives the ok version of that spelling with its archive, and nothing for a version not served, another spelling or provider', async () => {
        await seed(aModule(), aModule({ id: 'mod-2', provider: 'google' }))
        await store().run(async ({ moduleVersions }) => {
          await moduleVersions.add(aFailedReupload())
          await moduleVersions.add(aCloningVersion())
          await moduleVersions.add(anOkVersion({ id: 'modver-g', moduleId: 'mod-2', version: '3.0.0' }))
        })
        await expect(archiveQuery('1.0.0')).resolves.toEqual({ id: 'modver-1', archive: archiveOf('modver-1') })
        await expect(archiveQuery('2.0.0')).resolves.toBeUndefined()
        await expect(archiveQuery('v1.0.0')).resolves.toBeUndefined()
        await expect(archiveQuery('3.0.0')).resolves.toBeUndefined()
        await expect(archiveQuery('1.0.0', { organizationName: 'globex' })).resolves.toBeUndefined()
        await expect(archiveQuery('3.0.0', { address: aModule({ provider: 'google' }) })).resolves.toEqual({
          id: 'modver-g',
          archive: archiveOf('modver-g'),
        })
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

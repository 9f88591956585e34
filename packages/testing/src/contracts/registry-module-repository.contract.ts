import type { RegistryModule, RegistryModuleQuery, VcsRepo } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, minute, PAGE } from './fixtures.ts'
import { anOkVersion, attempting, aVersion, seedModules } from './module-fixtures.ts'
import { aModule } from '../builders/a-module.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

const WEBHOOK_DIGEST = '0f8e4c9a1b2c4d3e8f90a1b2c3d4e5f60f8e4c9a1b2c4d3e8f90a1b2c3d4e5f6'
const OTHER_DIGEST = '7a6b5c4d3e2f4a1b9c8d7e6f5a4b3c2d7a6b5c4d3e2f4a1b9c8d7e6f5a4b3c2d'

function aVcsRepo(tokenDigest: string | null): VcsRepo {
  return {
    identifier: 'acme/vpc',
    displayIdentifier: 'acme/vpc',
    branch: '',
    tags: true,
    oauthTokenId: 'ot-1',
    githubAppInstallationId: null,
    sourceDirectory: 'modules/vpc',
    tagPrefix: 'vpc/',
    ingressSubmodules: false,
    webhook: tokenDigest === null ? null : { sealedToken: `sealed:${tokenDigest}`, tokenDigest },
  }
}

export function registryModuleRepositoryContract(name: string, open: StoreHarness): void {
  describe(`RegistryModuleRepository contract: ${name}`, () => {
    const store = useStore(open)
    const seed = (...modules: RegistryModule[]) => seedModules(store(), ...modules)

    // Outside a transaction, as the use cases list (on PostgreSQL, a prepared statement).
    async function list(query: Omit<RegistryModuleQuery, 'page' | 'organizationName'> & { page?: typeof PAGE }) {
      const page = await store().read(({ registryModules }) =>
        registryModules.list({ organizationName: 'acme', ...query, page: query.page ?? PAGE }),
      )
      return { total: page.total, ids: idsOf(page.items) }
    }

    it('stores a module with every field and finds it by id and by address', async () => {
      const module = aModule({ publishingMechanism: 'git_tag', vcsRepo: aVcsRepo(WEBHOOK_DIGEST), noCode: true, testsEnabled: true })
      await seed(module)
      await expect(store().run(({ registryModules }) => registryModules.findById(module.id))).resolves.toEqual(module)
      await expect(store().run(({ registryModules }) => registryModules.findByAddress('acme', module))).resolves.toEqual(module)
      const listed = { items: [module], total: 1 }
      await expect(
        store().read(({ registryModules }) => registryModules.list({ organizationName: 'acme', page: PAGE })),
      ).resolves.toMatchObject(listed)
      await expect(
        store().run(({ registryModules }) => registryModules.list({ organizationName: 'acme', page: PAGE })),
      ).resolves.toMatchObject(listed)
      await expect(store().run(({ registryModules }) => registryModules.findByAddress('globex', module))).resolves.toBeUndefined()
      const other = { ...module, provider: 'google' }
      await expect(store().run(({ registryModules }) => registryModules.findByAddress('acme', other))).resolves.toBeUndefined()
    })

    it('finds a VCS module by its webhook token digest, and by nothing else', async () => {
      const module = aModule({ publishingMechanism: 'git_tag', vcsRepo: aVcsRepo(WEBHOOK_DIGEST) })
      const withoutWebhook = aModule({ id: 'mod-3', name: 'old', publishingMechanism: 'git_tag', vcsRepo: aVcsRepo(null) })
      await seed(module, aModule({ id: 'mod-2', name: 'plain' }), withoutWebhook)
      const find = (digest: string) => store().run(({ registryModules }) => registryModules.findByWebhookTokenDigest(digest))
      await expect(find(WEBHOOK_DIGEST)).resolves.toEqual(module)
      await expect(find(WEBHOOK_DIGEST.toUpperCase())).resolves.toBeUndefined()
      await expect(find('')).resolves.toBeUndefined()
      await expect(store().run(({ registryModules }) => registryModules.findById('mod-3'))).resolves.toEqual(withoutWebhook)
      await store().run(({ registryModules }) => registryModules.update({ ...module, vcsRepo: aVcsRepo(OTHER_DIGEST) }))
      await expect(find(WEBHOOK_DIGEST)).resolves.toBeUndefined()
      await expect(find(OTHER_DIGEST)).resolves.toMatchObject({ id: module.id })
    })

    it('refuses a taken address with invalid on name; the same address elsewhere is fine', async () => {
      await seed(aModule())
      await expect(store().run(({ registryModules }) => registryModules.add(aModule({ id: 'mod-2' })))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      await store().run(async ({ registryModules }) => {
        await registryModules.add(aModule({ id: 'mod-3', organizationName: 'globex' }))
        await registryModules.add(aModule({ id: 'mod-4', registryName: 'public' }))
      })
    })

    it('refuses a module of an organization it does not have with not_found', async () => {
      const orphan = aModule({ organizationName: 'missing' })
      await expect(store().run(({ registryModules }) => registryModules.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists an organization's modules by namespace, name and provider, searched, filtered and paged", async () => {
      await seed(
        aModule({ id: 'mod-1', namespace: 'net', name: 'vpc', provider: 'aws' }),
        aModule({ id: 'mod-2', namespace: 'net', name: 'vpc', provider: 'azurerm' }),
        aModule({ id: 'mod-3', namespace: 'app', name: 'web_site', provider: 'aws' }),
        aModule({ id: 'mod-4', namespace: 'net', name: 'dns', provider: 'aws', registryName: 'public' }),
        aModule({ id: 'mod-5', organizationName: 'globex' }),
      )
      await expect(list({})).resolves.toEqual({ total: 4, ids: ['mod-3', 'mod-4', 'mod-1', 'mod-2'] })
      await expect(list({ page: { number: 2, size: 3 } })).resolves.toEqual({ total: 4, ids: ['mod-2'] })
      await expect(list({ search: 'NET' })).resolves.toEqual({ total: 3, ids: ['mod-4', 'mod-1', 'mod-2'] })
      await expect(list({ search: 'azure' })).resolves.toEqual({ total: 1, ids: ['mod-2'] })
      await expect(list({ search: 'b_s' })).resolves.toEqual({ total: 1, ids: ['mod-3'] })
      await expect(list({ search: '%' })).resolves.toEqual({ total: 0, ids: [] })
      await expect(list({ registryName: 'public' })).resolves.toEqual({ total: 1, ids: ['mod-4'] })
      await expect(list({ provider: 'aws', registryName: 'private' })).resolves.toEqual({ total: 2, ids: ['mod-3', 'mod-1'] })
    })

    it('pages deep into a long list as near its start, filtered too', async () => {
      const name = (i: number) => `m${String(i).padStart(3, '0')}`
      const provider = (i: number) => (i % 2 === 0 ? 'aws' : 'google')
      await seed(...Array.from({ length: 250 }, (_, i) => aModule({ id: `mod-${name(i)}`, name: name(i), provider: provider(i) })))
      const ids = (from: number, to: number, step = 1) =>
        Array.from({ length: (to - from) / step }, (_, i) => `mod-${name(from + i * step)}`)
      await expect(list({ page: { number: 12, size: 20 } })).resolves.toEqual({ total: 250, ids: ids(220, 240) })
      await expect(list({ page: { number: 13, size: 20 } })).resolves.toEqual({ total: 250, ids: ids(240, 250) })
      await expect(list({ page: { number: 14, size: 20 } })).resolves.toEqual({ total: 250, ids: [] })
      await expect(list({ provider: 'google', page: { number: 6, size: 20 } })).resolves.toEqual({ total: 125, ids: ids(201, 241, 2) })
    })

    it('lists the most recently published first: by the latest ok version, modules without one last', async () => {
      await seed(
        aModule({ id: 'mod-1', name: 'alpha' }),
        aModule({ id: 'mod-2', name: 'beta' }),
        aModule({ id: 'mod-3', name: 'gamma' }),
        aModule({ id: 'mod-4', name: 'delta' }),
      )
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(anOkVersion({ id: 'modver-1', moduleId: 'mod-1', createdAt: minute(1) }))
        await moduleVersions.add(anOkVersion({ id: 'modver-2', moduleId: 'mod-2', createdAt: minute(2) }))
        // A newer version that failed does not count.
        await moduleVersions.add(
          attempting('reg_ingress_failed', minute(5), { id: 'modver-3', moduleId: 'mod-1', version: '2.0.0', createdAt: minute(5) }),
        )
        await moduleVersions.add(anOkVersion({ id: 'modver-4', moduleId: 'mod-3', createdAt: minute(3) }))
      })
      await expect(list({ sort: 'recently-published' })).resolves.toEqual({ total: 4, ids: ['mod-3', 'mod-2', 'mod-1', 'mod-4'] })
      await expect(list({ sort: 'recently-published', page: { number: 2, size: 3 } })).resolves.toEqual({ total: 4, ids: ['mod-4'] })
      await expect(list({ sort: 'name' })).resolves.toEqual({ total: 4, ids: ['mod-1', 'mod-2', 'mod-4', 'mod-3'] })
    })

    it('tells the providers of one module, ordered by provider', async () => {
      await seed(
        aModule({ id: 'mod-1', provider: 'google' }),
        aModule({ id: 'mod-2', provider: 'aws' }),
        aModule({ id: 'mod-3', name: 'dns' }),
      )
      const providers = await store().run(({ registryModules }) =>
        registryModules.providersOf('acme', { registryName: 'private', namespace: 'acme', name: 'vpc' }),
      )
      expect(idsOf(providers)).toEqual(['mod-2', 'mod-1'])
    })

    it('updates a module, and refuses one it does not have with not_found', async () => {
      await seed(aModule())
      const changed = aModule({ status: 'setup_complete', updatedAt: minute(5) })
      await store().run(({ registryModules }) => registryModules.update(changed))
      await expect(store().run(({ registryModules }) => registryModules.findById(changed.id))).resolves.toEqual(changed)
      const missing = aModule({ id: 'mod-missing' })
      await expect(store().run(({ registryModules }) => registryModules.update(missing))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('removes a module with its versions, and every module of an organization removed', async () => {
      await seed(aModule(), aModule({ id: 'mod-2', provider: 'google' }))
      await store().run(async ({ moduleVersions }) => {
        await moduleVersions.add(aVersion({ id: 'modver-a' }))
        await moduleVersions.add(aVersion({ id: 'modver-c', moduleId: 'mod-2' }))
      })
      await store().run(({ registryModules }) => registryModules.remove('mod-1'))
      await expect(store().run(({ registryModules }) => registryModules.findById('mod-1'))).resolves.toBeUndefined()
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById('modver-a'))).resolves.toBeUndefined()
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById('modver-c'))).resolves.toBeDefined()
      await store().run(({ organizations }) => organizations.remove('acme'))
      await expect(store().run(({ registryModules }) => registryModules.findById('mod-2'))).resolves.toBeUndefined()
      await expect(store().run(({ moduleVersions }) => moduleVersions.findById('modver-c'))).resolves.toBeUndefined()
    })
  })
}

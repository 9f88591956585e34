import type { RegistryProviderQuery } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, PAGE } from './fixtures.ts'
import { aPlatform, aProvider, aProviderVersion, seedProviders } from './provider-fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function registryProviderRepositoryContract(name: string, open: StoreHarness): void {
  describe(`RegistryProviderRepository contract: ${name}`, () => {
    const store = useStore(open)

    async function list(query: Omit<RegistryProviderQuery, 'page' | 'organizationName'> & { page?: typeof PAGE } = {}) {
      const page = await store().read(({ registryProviders }) =>
        registryProviders.list({ organizationName: 'acme', ...query, page: query.page ?? PAGE }),
      )
      return { total: page.total, ids: idsOf(page.items) }
    }

    it('stores a provider and finds it by id and by address, in its organization only', async () => {
      const provider = aProvider()
      await seedProviders(store(), provider)
      await expect(store().run(({ registryProviders }) => registryProviders.findById('prov-1'))).resolves.toEqual(provider)
      await expect(store().run(({ registryProviders }) => registryProviders.findByAddress('acme', provider))).resolves.toEqual(provider)
      await expect(store().run(({ registryProviders }) => registryProviders.findByAddress('globex', provider))).resolves.toBeUndefined()
      const elsewhere = { ...provider, registryName: 'public' as const }
      await expect(store().run(({ registryProviders }) => registryProviders.findByAddress('acme', elsewhere))).resolves.toBeUndefined()
      await expect(store().run(({ registryProviders }) => registryProviders.findById('prov-missing'))).resolves.toBeUndefined()
    })

    it('refuses a taken address with invalid on name, and an unknown organization with not_found', async () => {
      await seedProviders(store(), aProvider())
      await expect(store().run(({ registryProviders }) => registryProviders.add(aProvider({ id: 'prov-2' })))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      await store().run(async ({ registryProviders }) => {
        await registryProviders.add(aProvider({ id: 'prov-3', organizationName: 'globex' }))
        await registryProviders.add(aProvider({ id: 'prov-4', registryName: 'public', namespace: 'hashicorp' }))
        await registryProviders.add(aProvider({ id: 'prov-5', registryName: 'public' }))
      })
      const orphan = aProvider({ id: 'prov-6', organizationName: 'initech' })
      await expect(store().run(({ registryProviders }) => registryProviders.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists an organization's providers by registry, namespace and name, in pages that tell the total", async () => {
      await seedProviders(
        store(),
        aProvider({ id: 'prov-1', name: 'random' }),
        aProvider({ id: 'prov-2', registryName: 'public', namespace: 'hashicorp', name: 'aws' }),
        aProvider({ id: 'prov-3', name: 'Zeta' }),
        aProvider({ id: 'prov-4', name: 'aws' }),
        aProvider({ id: 'prov-5', registryName: 'public', namespace: 'datadog', name: 'datadog' }),
        aProvider({ id: 'prov-6', organizationName: 'globex', namespace: 'globex' }),
      )
      // Names in byte order: upper case before lower case.
      await expect(list()).resolves.toEqual({ total: 5, ids: ['prov-3', 'prov-4', 'prov-1', 'prov-5', 'prov-2'] })
      await expect(list({ page: { number: 2, size: 2 } })).resolves.toEqual({ total: 5, ids: ['prov-1', 'prov-5'] })
      await expect(list({ page: { number: 4, size: 2 } })).resolves.toEqual({ total: 5, ids: [] })
      await expect(list({ registryName: 'public' })).resolves.toEqual({ total: 2, ids: ['prov-5', 'prov-2'] })
      await expect(
        store().run(({ registryProviders }) => registryProviders.list({ organizationName: 'initech', page: PAGE })),
      ).resolves.toMatchObject({ items: [], total: 0 })
    })

    it('searches names and namespaces case-insensitively, taking LIKE wildcards literally', async () => {
      await seedProviders(
        store(),
        aProvider({ id: 'prov-1', name: 'AWS' }),
        aProvider({ id: 'prov-2', registryName: 'public', namespace: 'hashicorp', name: 'random' }),
        aProvider({ id: 'prov-3', name: 'my_provider' }),
        aProvider({ id: 'prov-4', name: 'myxprovider' }),
      )
      await expect(list({ search: 'aws' })).resolves.toEqual({ total: 1, ids: ['prov-1'] })
      await expect(list({ search: 'HASHI' })).resolves.toEqual({ total: 1, ids: ['prov-2'] })
      await expect(list({ search: 'acm' })).resolves.toEqual({ total: 3, ids: ['prov-1', 'prov-3', 'prov-4'] })
      await expect(list({ search: 'y_p' })).resolves.toEqual({ total: 1, ids: ['prov-3'] })
      await expect(list({ search: 'aws', registryName: 'public' })).resolves.toEqual({ total: 0, ids: [] })
    })

    it('removes a provider with its versions and their platforms, and nothing else', async () => {
      await seedProviders(store(), aProvider(), aProvider({ id: 'prov-2', name: 'random' }))
      await store().run(async ({ providerVersions, providerPlatforms }) => {
        await providerVersions.add(aProviderVersion())
        await providerVersions.add(aProviderVersion({ id: 'provver-2', providerId: 'prov-2' }))
        await providerPlatforms.add(aPlatform())
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-2', versionId: 'provver-2' }))
      })
      await store().run(({ registryProviders }) => registryProviders.remove('prov-1'))
      await store().run(({ registryProviders }) => registryProviders.remove('prov-missing'))
      await store().run(async ({ registryProviders, providerVersions, providerPlatforms }) => {
        expect(await registryProviders.findById('prov-1')).toBeUndefined()
        expect(await providerVersions.findById('provver-1')).toBeUndefined()
        expect(await providerPlatforms.findById('provpltfrm-1')).toBeUndefined()
        expect(await providerVersions.findById('provver-2')).toMatchObject({ providerId: 'prov-2' })
        expect(await providerPlatforms.findById('provpltfrm-2')).toMatchObject({ versionId: 'provver-2' })
      })
    })

    it("removes an organization's providers, versions and platforms with it", async () => {
      await seedProviders(store(), aProvider(), aProvider({ id: 'prov-2', organizationName: 'globex', namespace: 'globex' }))
      await store().run(async ({ providerVersions, providerPlatforms }) => {
        await providerVersions.add(aProviderVersion())
        await providerPlatforms.add(aPlatform())
      })
      await store().run(({ organizations }) => organizations.remove('acme'))
      await store().run(async ({ registryProviders, providerVersions, providerPlatforms }) => {
        expect(await registryProviders.findById('prov-1')).toBeUndefined()
        expect(await providerVersions.findById('provver-1')).toBeUndefined()
        expect(await providerPlatforms.findById('provpltfrm-1')).toBeUndefined()
        expect(await registryProviders.findById('prov-2')).toBeDefined()
      })
    })

    it('leaves nothing of a unit of work that rolled back', async () => {
      await seedProviders(store())
      const failed = store().run(async ({ registryProviders, providerVersions, providerPlatforms }) => {
        await registryProviders.add(aProvider())
        await providerVersions.add(aProviderVersion())
        await providerPlatforms.add(aPlatform())
        throw new Error('boom')
      })
      await expect(failed).rejects.toThrow('boom')
      await store().run(async ({ registryProviders, providerVersions, providerPlatforms }) => {
        expect(await registryProviders.findById('prov-1')).toBeUndefined()
        expect(await providerVersions.findById('provver-1')).toBeUndefined()
        expect(await providerPlatforms.findById('provpltfrm-1')).toBeUndefined()
      })
    })
  })
}

import { describe, expect, it } from 'vitest'
import { idsOf, minute, PAGE } from './fixtures.ts'
import { aPlatform, aProvider, aProviderVersion, seedProviders, seedVersions } from './provider-fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

const SHASUMS = [
  { sha256: 'a'.repeat(64), filename: 'terraform-provider-aws_1.0.0_linux_amd64.zip' },
  { sha256: 'b'.repeat(64), filename: 'terraform-provider-aws_1.0.0_darwin_arm64.zip' },
]

export function providerVersionRepositoryContract(name: string, open: StoreHarness): void {
  describe(`ProviderVersionRepository contract: ${name}`, () => {
    const store = useStore(open)

    it('stores a version with its protocols and SHA256SUMS lines, or none, and finds it by id and by version', async () => {
      const bare = aProviderVersion({ protocols: [] })
      const signed = aProviderVersion({ id: 'provver-2', version: '2.0.0', shasums: SHASUMS, shasumsSignatureUploaded: true })
      await seedVersions(store(), bare, signed)
      await store().run(async ({ providerVersions }) => {
        expect(await providerVersions.findById('provver-1')).toEqual(bare)
        expect(await providerVersions.find('prov-1', '1.0.0')).toEqual(bare)
        expect(await providerVersions.findById('provver-2')).toEqual(signed)
        expect(await providerVersions.find('prov-1', '3.0.0')).toBeUndefined()
        expect(await providerVersions.find('prov-missing', '1.0.0')).toBeUndefined()
        expect(await providerVersions.findById('provver-missing')).toBeUndefined()
      })
    })

    it('refuses a taken version with invalid on version, and an unknown provider with not_found', async () => {
      await seedVersions(store(), aProviderVersion())
      const again = aProviderVersion({ id: 'provver-2' })
      await expect(store().run(({ providerVersions }) => providerVersions.add(again))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
      const orphan = aProviderVersion({ id: 'provver-3', providerId: 'prov-missing' })
      await expect(store().run(({ providerVersions }) => providerVersions.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it('updates a version, refusing one it does not have with not_found', async () => {
      await seedVersions(store(), aProviderVersion())
      const uploaded = aProviderVersion({ shasums: SHASUMS, shasumsSignatureUploaded: true, updatedAt: minute(2) })
      await store().run(({ providerVersions }) => providerVersions.update(uploaded))
      await expect(store().run(({ providerVersions }) => providerVersions.findById('provver-1'))).resolves.toEqual(uploaded)
      const missing = aProviderVersion({ id: 'provver-missing', version: '9.0.0' })
      await expect(store().run(({ providerVersions }) => providerVersions.update(missing))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists a provider's versions newest semver first, whatever their creation, in pages that tell the total", async () => {
      const versions = ['1.9.0', '1.10.0', '1.10.0-rc.2', '1.10.0-rc.10', '1.10.0-beta', '0.9.0', '2.0.0-alpha.1']
      await seedVersions(
        store(),
        ...versions.map((version, index) => aProviderVersion({ id: `provver-${version}`, version, createdAt: minute(index) })),
      )
      const list = async (page = PAGE) => {
        const found = await store().read(({ providerVersions }) => providerVersions.list('prov-1', page))
        return { total: found.total, versions: found.items.map((item) => item.version) }
      }
      const newest = ['2.0.0-alpha.1', '1.10.0', '1.10.0-rc.10', '1.10.0-rc.2', '1.10.0-beta', '1.9.0', '0.9.0']
      await expect(list()).resolves.toEqual({ total: 7, versions: newest })
      await expect(list({ number: 2, size: 3 })).resolves.toEqual({ total: 7, versions: newest.slice(3, 6) })
      await expect(list({ number: 4, size: 3 })).resolves.toEqual({ total: 7, versions: [] })
      const none = await store().run(({ providerVersions }) => providerVersions.list('prov-missing', PAGE))
      expect(none).toMatchObject({ items: [], total: 0 })
    })

    it('tells every version of several providers at once, newest semver first', async () => {
      await seedProviders(store(), aProvider(), aProvider({ id: 'prov-2', name: 'random' }), aProvider({ id: 'prov-3', name: 'null' }))
      await store().run(async ({ providerVersions }) => {
        await providerVersions.add(aProviderVersion({ id: 'provver-a', version: '1.10.0', createdAt: minute(3) }))
        await providerVersions.add(aProviderVersion({ id: 'provver-b', providerId: 'prov-2', version: '1.9.0', createdAt: minute(2) }))
        await providerVersions.add(aProviderVersion({ id: 'provver-c', version: '2.0.0', createdAt: minute(1) }))
        await providerVersions.add(aProviderVersion({ id: 'provver-d', providerId: 'prov-3' }))
      })
      const all = (ids: string[]) => store().run(async ({ providerVersions }) => idsOf(await providerVersions.allOf(ids)))
      await expect(all(['prov-1', 'prov-2', 'prov-missing'])).resolves.toEqual(['provver-c', 'provver-a', 'provver-b'])
      await expect(all([])).resolves.toEqual([])
    })

    it('removes a version with its platforms, and nothing else', async () => {
      await seedVersions(store(), aProviderVersion(), aProviderVersion({ id: 'provver-2', version: '2.0.0' }))
      await store().run(async ({ providerPlatforms }) => {
        await providerPlatforms.add(aPlatform())
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-2', versionId: 'provver-2' }))
      })
      await store().run(({ providerVersions }) => providerVersions.remove('provver-1'))
      await store().run(({ providerVersions }) => providerVersions.remove('provver-missing'))
      await store().run(async ({ providerVersions, providerPlatforms }) => {
        expect(await providerVersions.findById('provver-1')).toBeUndefined()
        expect(await providerPlatforms.findById('provpltfrm-1')).toBeUndefined()
        expect(idsOf(await providerVersions.allOf(['prov-1']))).toEqual(['provver-2'])
        expect(await providerPlatforms.findById('provpltfrm-2')).toBeDefined()
      })
    })
  })
}

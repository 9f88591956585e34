import { describe, expect, it } from 'vitest'
import { idsOf, minute, PAGE } from './fixtures.ts'
import { aPlatform, aProviderVersion, seedVersions } from './provider-fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function providerPlatformRepositoryContract(name: string, open: StoreHarness): void {
  describe(`ProviderPlatformRepository contract: ${name}`, () => {
    const store = useStore(open)
    const seed = () => seedVersions(store(), aProviderVersion(), aProviderVersion({ id: 'provver-2', version: '2.0.0' }))

    it('stores a platform and finds it by id and by os and arch', async () => {
      await seed()
      const platform = aPlatform()
      await store().run(({ providerPlatforms }) => providerPlatforms.add(platform))
      await store().run(async ({ providerPlatforms }) => {
        expect(await providerPlatforms.findById('provpltfrm-1')).toEqual(platform)
        expect(await providerPlatforms.find('provver-1', 'linux', 'amd64')).toEqual(platform)
        expect(await providerPlatforms.find('provver-1', 'linux', 'arm64')).toBeUndefined()
        expect(await providerPlatforms.find('provver-2', 'linux', 'amd64')).toBeUndefined()
        expect(await providerPlatforms.findById('provpltfrm-missing')).toBeUndefined()
      })
    })

    it('refuses a taken os and arch with invalid on os, and an unknown version with not_found', async () => {
      await seed()
      await store().run(async ({ providerPlatforms }) => {
        await providerPlatforms.add(aPlatform())
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-2', arch: 'arm64' }))
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-3', versionId: 'provver-2' }))
      })
      const again = aPlatform({ id: 'provpltfrm-4' })
      await expect(store().run(({ providerPlatforms }) => providerPlatforms.add(again))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'os' }],
      })
      const orphan = aPlatform({ id: 'provpltfrm-5', versionId: 'provver-missing' })
      await expect(store().run(({ providerPlatforms }) => providerPlatforms.add(orphan))).rejects.toMatchObject({ code: 'not_found' })
    })

    it("lists a version's platforms by os then arch, in pages that tell the total; several versions' by version first", async () => {
      await seed()
      await store().run(async ({ providerPlatforms }) => {
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-a', os: 'windows', arch: 'amd64' }))
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-b', os: 'linux', arch: 'arm64' }))
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-c', os: 'darwin', arch: 'arm64' }))
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-d', os: 'linux', arch: 'amd64' }))
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-e', versionId: 'provver-2', os: 'darwin' }))
      })
      const list = async (versionId: string, page = PAGE) => {
        const found = await store().read(({ providerPlatforms }) => providerPlatforms.list(versionId, page))
        return { total: found.total, ids: idsOf(found.items) }
      }
      const ordered = ['provpltfrm-c', 'provpltfrm-d', 'provpltfrm-b', 'provpltfrm-a']
      await expect(list('provver-1')).resolves.toEqual({ total: 4, ids: ordered })
      await expect(list('provver-1', { number: 2, size: 3 })).resolves.toEqual({ total: 4, ids: ['provpltfrm-a'] })
      await expect(list('provver-missing')).resolves.toEqual({ total: 0, ids: [] })
      const all = (ids: string[]) => store().run(async ({ providerPlatforms }) => idsOf(await providerPlatforms.allOf(ids)))
      await expect(all(['provver-2', 'provver-1'])).resolves.toEqual([...ordered, 'provpltfrm-e'])
      await expect(all([])).resolves.toEqual([])
    })

    it('updates and removes platforms, refusing to update one it does not have with not_found', async () => {
      await seed()
      await store().run(({ providerPlatforms }) => providerPlatforms.add(aPlatform()))
      const uploaded = aPlatform({ binaryUploaded: true, shasum: 'c'.repeat(64), filename: 'aws.zip', updatedAt: minute(4) })
      await store().run(({ providerPlatforms }) => providerPlatforms.update(uploaded))
      await expect(store().run(({ providerPlatforms }) => providerPlatforms.findById('provpltfrm-1'))).resolves.toEqual(uploaded)
      const missing = aPlatform({ id: 'provpltfrm-missing', os: 'freebsd' })
      await expect(store().run(({ providerPlatforms }) => providerPlatforms.update(missing))).rejects.toMatchObject({ code: 'not_found' })
      await store().run(({ providerPlatforms }) => providerPlatforms.remove('provpltfrm-1'))
      await store().run(({ providerPlatforms }) => providerPlatforms.remove('provpltfrm-missing'))
      await expect(store().run(({ providerPlatforms }) => providerPlatforms.findById('provpltfrm-1'))).resolves.toBeUndefined()
    })

    it("adds to platforms' downloads, each batch on its own, and ignores a platform it does not have", async () => {
      await seed()
      await store().run(async ({ providerPlatforms }) => {
        await providerPlatforms.add(aPlatform({ downloads: 3 }))
        await providerPlatforms.add(aPlatform({ id: 'provpltfrm-2', arch: 'arm64' }))
      })
      await Promise.all(
        [1, 2, 3].map((count) =>
          store().autocommit(({ providerPlatforms }) =>
            providerPlatforms.addDownloads(
              new Map([
                ['provpltfrm-1', count],
                ['provpltfrm-2', 1],
              ]),
            ),
          ),
        ),
      )
      await store().autocommit(({ providerPlatforms }) => providerPlatforms.addDownloads(new Map([['provpltfrm-missing', 1]])))
      await store().autocommit(({ providerPlatforms }) => providerPlatforms.addDownloads(new Map()))
      await store().run(async ({ providerPlatforms }) => {
        expect(await providerPlatforms.findById('provpltfrm-1')).toMatchObject({ downloads: 9 })
        expect(await providerPlatforms.findById('provpltfrm-2')).toMatchObject({ downloads: 3 })
      })
    })
  })
}

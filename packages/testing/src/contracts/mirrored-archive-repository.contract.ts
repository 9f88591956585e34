import type { MirroredArchive } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, minute, PAGE } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

const TIME = { hostname: 'registry.terraform.io', namespace: 'hashicorp', type: 'time' }

function anArchive(overrides: Partial<MirroredArchive> = {}): MirroredArchive {
  return {
    id: 'mirror-1',
    ...TIME,
    version: '0.14.2',
    os: 'linux',
    arch: 'amd64',
    filename: 'terraform-provider-time_0.14.2_linux_amd64.zip',
    size: 4_000_000_000,
    h1: 'h1:qMDrfmBhuxxKCaNhhlZGcjGm8YhjYzzyvSRoCZnWdO8=',
    sha256: 'a'.repeat(64),
    createdAt: minute(0),
    lastUsedAt: minute(0),
    ...overrides,
  }
}

export function mirroredArchiveRepositoryContract(name: string, open: StoreHarness): void {
  describe(`MirroredArchiveRepository contract: ${name}`, () => {
    const store = useStore(open)
    const add = (...archives: MirroredArchive[]) =>
      store().run(async ({ mirroredArchives }) => {
        for (const archive of archives) await mirroredArchives.add(archive)
      })

    it("stores an archive, finds it by id and among its version's, and lists its provider's versions", async () => {
      const archive = anArchive()
      await add(
        archive,
        anArchive({ id: 'mirror-2', arch: 'arm64' }),
        anArchive({ id: 'mirror-3', os: 'darwin' }),
        anArchive({ id: 'mirror-4', version: '0.13.1' }),
        anArchive({ id: 'mirror-5', hostname: 'registry.opentofu.org' }),
      )
      await store().read(async ({ mirroredArchives }) => {
        expect(await mirroredArchives.findById('mirror-1')).toEqual(archive)
        expect(await mirroredArchives.findById('mirror-missing')).toBeUndefined()
        expect(idsOf(await mirroredArchives.archivesOf(TIME, '0.14.2'))).toEqual(['mirror-3', 'mirror-1', 'mirror-2'])
        expect(await mirroredArchives.archivesOf(TIME, '9.9.9')).toEqual([])
        // An archive is its own provider's address.
        expect(idsOf(await mirroredArchives.archivesOf(archive, '0.13.1'))).toEqual(['mirror-4'])
        expect((await mirroredArchives.versionsOf(TIME)).sort()).toEqual(['0.13.1', '0.14.2'])
        expect(await mirroredArchives.versionsOf({ ...TIME, type: 'random' })).toEqual([])
      })
    })

    it('refuses a second archive of one provider, version, os and arch with invalid on platform', async () => {
      await add(anArchive())
      await expect(add(anArchive({ id: 'mirror-2' }))).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'platform' }] })
      await expect(store().read(({ mirroredArchives }) => mirroredArchives.findById('mirror-2'))).resolves.toBeUndefined()
    })

    it('lists every archive by hostname, namespace, type, version, os and arch, in pages that tell the total', async () => {
      await add(
        anArchive({ id: 'mirror-c', type: 'tls' }),
        anArchive({ id: 'mirror-a' }),
        anArchive({ id: 'mirror-d', hostname: 'registry.opentofu.org' }),
        anArchive({ id: 'mirror-b', version: '0.9.0' }),
      )
      const list = async (page = PAGE) => {
        const found = await store().read(({ mirroredArchives }) => mirroredArchives.list(page))
        return { total: found.total, ids: idsOf(found.items) }
      }
      await expect(list()).resolves.toEqual({ total: 4, ids: ['mirror-d', 'mirror-a', 'mirror-b', 'mirror-c'] })
      await expect(list({ number: 2, size: 3 })).resolves.toEqual({ total: 4, ids: ['mirror-c'] })
    })

    it('removes a version and returns its archives, leaving the other versions and providers', async () => {
      await add(anArchive(), anArchive({ id: 'mirror-2', arch: 'arm64' }), anArchive({ id: 'mirror-3', version: '0.13.1' }))
      const removed = await store().run(({ mirroredArchives }) => mirroredArchives.removeVersion(TIME, '0.14.2'))
      expect(idsOf(removed).sort()).toEqual(['mirror-1', 'mirror-2'])
      await expect(store().run(({ mirroredArchives }) => mirroredArchives.removeVersion(TIME, '0.14.2'))).resolves.toEqual([])
      await expect(store().read(({ mirroredArchives }) => mirroredArchives.versionsOf(TIME))).resolves.toEqual(['0.13.1'])
    })

    it('sets when archives were last used, skipping one it does not have', async () => {
      await add(anArchive(), anArchive({ id: 'mirror-2', arch: 'arm64' }))
      await store().autocommit(({ mirroredArchives }) => mirroredArchives.touch(['mirror-1', 'mirror-missing'], minute(7)))
      await store().read(async ({ mirroredArchives }) => {
        expect((await mirroredArchives.findById('mirror-1'))?.lastUsedAt).toEqual(minute(7))
        expect((await mirroredArchives.findById('mirror-2'))?.lastUsedAt).toEqual(minute(0))
      })
      await store().autocommit(({ mirroredArchives }) => mirroredArchives.touch([], minute(8)))
    })
  })
}

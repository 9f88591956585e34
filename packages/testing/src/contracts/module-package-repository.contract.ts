import type { ModulePackage } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { idsOf, minute } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

function aPackage(overrides: Partial<ModulePackage> = {}): ModulePackage {
  return {
    id: 'pkg-1',
    versionId: 'modver-1',
    archiveSha256: 'a'.repeat(64),
    zipSha256: 'b'.repeat(64),
    zipSize: 5_000_000_000,
    manifest: '{"schemaVersion":2}',
    manifestSha256: 'c'.repeat(64),
    createdAt: minute(0),
    ...overrides,
  }
}

export function modulePackageRepositoryContract(name: string, open: StoreHarness): void {
  describe(`ModulePackageRepository contract: ${name}`, () => {
    const store = useStore(open)
    const add = (...packages: ModulePackage[]) =>
      store().autocommit(async ({ modulePackages }) => {
        for (const modulePackage of packages) await modulePackages.add(modulePackage)
      })

    it('stores a package and finds it by its version and archive, exactly as stored', async () => {
      const stored = aPackage()
      await add(stored, aPackage({ id: 'pkg-2', archiveSha256: 'd'.repeat(64), zipSha256: 'e'.repeat(64), manifestSha256: 'f'.repeat(64) }))
      await store().read(async ({ modulePackages }) => {
        expect(await modulePackages.find('modver-1', 'a'.repeat(64))).toEqual(stored)
        expect((await modulePackages.find('modver-1', 'd'.repeat(64)))?.id).toBe('pkg-2')
        expect(await modulePackages.find('modver-2', 'a'.repeat(64))).toBeUndefined()
      })
    })

    it('finds the packages of the given versions whose manifest or zip has a digest', async () => {
      await add(
        aPackage(),
        aPackage({ id: 'pkg-2', versionId: 'modver-2', manifestSha256: 'd'.repeat(64) }),
        aPackage({ id: 'pkg-3', versionId: 'modver-3', zipSha256: 'e'.repeat(64), manifestSha256: 'f'.repeat(64) }),
      )
      const withDigest = (versionIds: string[], sha256: string) =>
        store().read(async ({ modulePackages }) => idsOf(await modulePackages.withDigest(versionIds, sha256)).sort())
      await expect(withDigest(['modver-1', 'modver-2', 'modver-3'], 'b'.repeat(64))).resolves.toEqual(['pkg-1', 'pkg-2'])
      await expect(withDigest(['modver-1', 'modver-2', 'modver-3'], 'f'.repeat(64))).resolves.toEqual(['pkg-3'])
      await expect(withDigest(['modver-2'], 'c'.repeat(64))).resolves.toEqual([])
      await expect(withDigest([], 'b'.repeat(64))).resolves.toEqual([])
    })

    it('refuses a second package of one version and archive with invalid on archive, keeping the first', async () => {
      await add(aPackage())
      await expect(add(aPackage({ id: 'pkg-2', zipSha256: 'd'.repeat(64) }))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'archive' }],
      })
      await expect(store().read(({ modulePackages }) => modulePackages.find('modver-1', 'a'.repeat(64)))).resolves.toMatchObject({
        id: 'pkg-1',
      })
    })
  })
}

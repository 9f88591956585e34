import { chunksOf, sortedOf } from '@cairn/testing/contracts'
import { FakeModuleZipper, inMemoryDeps } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { ModulePackages } from './module-packages.ts'

const VERSION = { id: 'modver-1', version: '1.0.0', archive: { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'a'.repeat(64), size: 7 } }

async function setup() {
  const deps = inMemoryDeps()
  await deps.blobs.put(VERSION.archive.blobKey, chunksOf('archive'))
  const packagesOf = () => new ModulePackages({ ...deps, packageUnitOfWork: deps.unitOfWork, zipper: new FakeModuleZipper() })
  return { deps, packagesOf }
}

describe('ModulePackages', () => {
  it('builds a package once and serves the stored one after', async () => {
    const { deps, packagesOf } = await setup()
    const packages = packagesOf()
    const first = await packages.of(VERSION)
    await expect(packages.of(VERSION)).resolves.toEqual(first)
    await expect(packagesOf().of(VERSION)).resolves.toEqual(first)
    expect(await sortedOf(deps.blobs.list('oci/'))).toHaveLength(2)
  })

  it('keeps the first of two processes building at once, and the other removes its blobs', async () => {
    const { deps, packagesOf } = await setup()
    const [one, other] = await Promise.all([packagesOf().of(VERSION), packagesOf().of(VERSION)])
    expect(other).toEqual(one)
    expect(await sortedOf(deps.blobs.list('oci/'))).toEqual([`oci/modules/${one.id}/manifest.json`, `oci/modules/${one.id}/package.zip`])
  })

  it('builds a new package when the version serves another archive', async () => {
    const { deps, packagesOf } = await setup()
    const packages = packagesOf()
    const first = await packages.of(VERSION)
    const archive = { blobKey: 'modules/modver-1/2.tar.gz', sha256: 'b'.repeat(64), size: 5 }
    await deps.blobs.put(archive.blobKey, chunksOf('other'))
    const second = await packages.of({ ...VERSION, archive })
    expect(second.zipSha256).not.toBe(first.zipSha256)
    await expect(packages.of(VERSION)).resolves.toEqual(first)
  })

  it('stores nothing when the archive cannot be repacked', async () => {
    const { deps, packagesOf } = await setup()
    await deps.blobs.put(VERSION.archive.blobKey, chunksOf('bad archive'))
    await expect(packagesOf().of(VERSION)).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'archive' }] })
    expect(await sortedOf(deps.blobs.list('oci/'))).toEqual([])
  })
})

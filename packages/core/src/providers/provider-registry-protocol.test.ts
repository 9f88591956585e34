import { beforeEach, describe, expect, it } from 'vitest'
import { providerBinaryBlobKey } from './provider-platform.ts'
import { shasumsBlobKey, shasumsSignatureBlobKey } from './provider-version.ts'
import type { ProviderVersionView } from './provider-views.ts'
import {
  KEY,
  LINUX,
  PROVIDER,
  VERSION,
  bytesOf,
  installableVersion,
  providerWorld,
  shasumsOf,
  uploadSums,
  zipFor,
  type ProviderWorld,
} from './test-support/provider-world.ts'

const TYPE = { namespace: 'acme', type: 'internal' }
const DOWNLOAD = { ...TYPE, version: '1.0.0', os: 'linux', arch: 'amd64' }
const LINUX_ZIP = zipFor('linux', 'amd64')

describe('ProviderRegistryProtocol (providers.v1)', () => {
  let world: ProviderWorld
  let installable: ProviderVersionView

  beforeEach(async () => {
    world = await providerWorld()
    installable = await installableVersion(world)
  })

  const newVersion = (version: string) =>
    world.cases.providerVersions.create({ ...PROVIDER, version, keyId: KEY.keyId, protocols: ['6.0'] }, world.owner)

  describe('versions', () => {
    it('lists only installable versions, and in them only the platforms whose zip is in', async () => {
      const darwin = zipFor('darwin', 'arm64')
      await world.cases.providerPlatforms.create({ ...VERSION, os: 'darwin', arch: 'arm64', ...darwin }, world.owner)
      // 2.0.0: SHA256SUMS and a zip, no signature. 3.0.0: signed, but no zip in.
      const unsigned = await newVersion('2.0.0')
      await world.cases.providerUploads.upload({ objectId: unsigned.uploads.shasums ?? '', content: bytesOf(shasumsOf(LINUX_ZIP)) })
      const { upload } = await world.cases.providerPlatforms.create({ ...LINUX, version: '2.0.0', ...LINUX_ZIP }, world.owner)
      await world.cases.providerUploads.upload({ objectId: upload ?? '', content: bytesOf(LINUX_ZIP.content) })
      const zipless = await newVersion('3.0.0')
      await uploadSums(world, zipless, shasumsOf(LINUX_ZIP))
      await world.cases.providerPlatforms.create({ ...LINUX, version: '3.0.0', ...LINUX_ZIP }, world.owner)

      const answer = await world.cases.providerProtocol.versions(TYPE, world.reader)
      expect(answer).toEqual({ versions: [{ version: '1.0.0', protocols: ['5.0'], platforms: [{ os: 'linux', arch: 'amd64' }] }] })
    })

    it('lists nothing for a provider without installable versions', async () => {
      await world.cases.registryProviders.create({ organizationName: 'acme', name: 'empty', registryName: 'private' }, world.owner)
      await expect(world.cases.providerProtocol.versions({ ...TYPE, type: 'empty' }, world.reader)).resolves.toEqual({ versions: [] })
    })

    it('not_found for a non-member, an unknown namespace and an unknown type', async () => {
      await expect(world.cases.providerProtocol.versions(TYPE, world.stranger)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerProtocol.versions({ ...TYPE, namespace: 'nowhere' }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(world.cases.providerProtocol.versions({ ...TYPE, type: 'other' }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
    })
  })

  describe('download', () => {
    it('answers the zip, its SHA256SUMS and signature as download tokens, and the signing key', async () => {
      const answer = await world.cases.providerProtocol.download(DOWNLOAD, world.reader)
      const { platform } = await world.cases.providerPlatforms.show(LINUX, world.owner)
      expect(answer).toMatchObject({
        protocols: ['5.0'],
        os: 'linux',
        arch: 'amd64',
        filename: LINUX_ZIP.filename,
        shasum: LINUX_ZIP.shasum,
        key: { keyId: KEY.keyId, asciiArmor: KEY.asciiArmor },
      })
      const describe = (token: string) => world.cases.providerUploads.describe({ token })
      await expect(describe(answer.downloadToken)).resolves.toEqual({ blobKey: providerBinaryBlobKey(platform) })
      await expect(describe(answer.shasumsToken)).resolves.toEqual({ blobKey: shasumsBlobKey(installable.version.id) })
      await expect(describe(answer.shasumsSignatureToken)).resolves.toEqual({ blobKey: shasumsSignatureBlobKey(installable.version.id) })
    })

    it("counts each answer in the platform's downloads, written by the next flush", async () => {
      await world.cases.providerProtocol.download(DOWNLOAD, world.reader)
      await world.cases.providerProtocol.download(DOWNLOAD, world.owner)
      expect((await world.cases.providerPlatforms.show(LINUX, world.owner)).platform.downloads).toBe(0)
      expect(await world.cases.providerProtocol.flushDownloads()).toEqual({ downloads: 2, versions: 1 })
      expect((await world.cases.providerPlatforms.show(LINUX, world.owner)).platform.downloads).toBe(2)
    })

    it('answers from its cache until a write: a download clears nothing, a deleted version is gone at once', async () => {
      let reads = 0
      const read = world.deps.unitOfWork.read.bind(world.deps.unitOfWork)
      world.deps.unitOfWork.read = (work) => {
        reads += 1
        return read(work)
      }
      await world.cases.providerProtocol.download(DOWNLOAD, world.owner)
      const afterFirst = reads
      await world.cases.providerProtocol.download(DOWNLOAD, world.owner)
      await world.cases.providerProtocol.versions(TYPE, world.owner)
      expect(reads).toBe(afterFirst)
      await world.cases.providerVersions.delete(VERSION, world.owner)
      await expect(world.cases.providerProtocol.download(DOWNLOAD, world.owner)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('not_found for an unknown platform or version, and for a platform whose zip is not in', async () => {
      await world.cases.providerPlatforms.create({ ...VERSION, os: 'darwin', arch: 'arm64', ...zipFor('darwin', 'arm64') }, world.owner)
      for (const target of [
        { ...DOWNLOAD, arch: 'arm64' },
        { ...DOWNLOAD, os: 'darwin', arch: 'arm64' },
        { ...DOWNLOAD, version: '9.9.9' },
      ]) {
        await expect(world.cases.providerProtocol.download(target, world.owner)).rejects.toMatchObject({ code: 'not_found' })
      }
    })

    it('not_found for a version not yet signed', async () => {
      const unsigned = await newVersion('2.0.0')
      await world.cases.providerUploads.upload({ objectId: unsigned.uploads.shasums ?? '', content: bytesOf(shasumsOf(LINUX_ZIP)) })
      const { upload } = await world.cases.providerPlatforms.create({ ...LINUX, version: '2.0.0', ...LINUX_ZIP }, world.owner)
      await world.cases.providerUploads.upload({ objectId: upload ?? '', content: bytesOf(LINUX_ZIP.content) })
      await expect(world.cases.providerProtocol.download({ ...DOWNLOAD, version: '2.0.0' }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('not_found for a non-member, and nothing counted', async () => {
      await expect(world.cases.providerProtocol.download(DOWNLOAD, world.stranger)).rejects.toMatchObject({ code: 'not_found' })
      expect((await world.cases.providerPlatforms.show(LINUX, world.owner)).platform.downloads).toBe(0)
    })

    it('not_found once the signing key was deleted', async () => {
      await world.cases.gpgKeys.delete({ namespace: 'acme', keyId: KEY.keyId }, world.owner)
      await expect(world.cases.providerProtocol.download(DOWNLOAD, world.owner)).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { providerBinaryBlobKey } from './provider-platform.ts'
import { shasumsBlobKey } from './provider-version.ts'
import type { ProviderVersionView } from './provider-views.ts'
import {
  LINUX,
  PAGE,
  VERSION,
  blobKeys,
  bytesOf,
  providerWithVersion,
  providerWorld,
  shasumsOf,
  zipFor,
  type ProviderWorld,
} from './test-support/provider-world.ts'

const LINUX_ZIP = zipFor('linux', 'amd64')
const DARWIN_ZIP = zipFor('darwin', 'arm64')

describe('ProviderPlatforms', () => {
  let world: ProviderWorld
  let version: ProviderVersionView

  beforeEach(async () => {
    world = await providerWorld()
    version = await providerWithVersion(world)
  })

  describe('create', () => {
    it('a new platform awaits its zip: an upload link, no download', async () => {
      const view = await world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.manager)
      expect(view.platform).toMatchObject({
        os: 'linux',
        arch: 'amd64',
        filename: LINUX_ZIP.filename,
        shasum: LINUX_ZIP.shasum,
        binaryUploaded: false,
        downloads: 0,
      })
      expect(view.platform.id).toMatch(/^provpltfrm-/)
      expect(view.permissions).toEqual({ canDelete: true, canUploadAsset: true })
      expect(view.upload).toEqual(expect.any(String))
      expect(view.download).toBeNull()
    })

    it("takes any shasum and filename before SHA256SUMS is in (go-tfe sends 'shasum' and 'filename')", async () => {
      const view = await world.cases.providerPlatforms.create({ ...LINUX, shasum: 'shasum', filename: 'filename' }, world.owner)
      expect(view.platform).toMatchObject({ shasum: 'shasum', filename: 'filename' })
    })

    it.each([
      ['os', { os: 'Linux' }],
      ['os', { os: '' }],
      ['arch', { arch: 'amd-64' }],
      ['shasum', { shasum: ' ' }],
      ['filename', { filename: '' }],
      ['filename', { filename: 'dist/x.zip' }],
    ])('invalid on %s for %o, as a rejected promise', async (field, change) => {
      const outcome = await world.cases.providerPlatforms
        .create({ ...LINUX, ...LINUX_ZIP, ...change }, world.owner)
        .catch((error: unknown) => error)
      expect(outcome).toMatchObject({ code: 'invalid', fields: [{ field }] })
    })

    it('invalid on os when the version has the platform already', async () => {
      await world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.owner)
      await expect(world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'os' }],
      })
    })

    it('once SHA256SUMS is in, a new platform must be one of its lines', async () => {
      await world.cases.providerUploads.upload({ objectId: version.uploads.shasums ?? '', content: bytesOf(shasumsOf(LINUX_ZIP)) })
      await expect(
        world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP, shasum: DARWIN_ZIP.shasum }, world.owner),
      ).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'shasum' }] })
      await expect(
        world.cases.providerPlatforms.create({ ...VERSION, os: 'darwin', arch: 'arm64', ...DARWIN_ZIP }, world.owner),
      ).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'shasum' }] })
      const upperCase = { ...LINUX_ZIP, shasum: LINUX_ZIP.shasum.toUpperCase() }
      await expect(world.cases.providerPlatforms.create({ ...LINUX, ...upperCase }, world.owner)).resolves.toMatchObject({
        platform: { shasum: LINUX_ZIP.shasum },
      })
    })

    it('a plain member and a stranger get not_found; so does an unknown version', async () => {
      for (const principal of [world.reader, world.stranger]) {
        await expect(world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, principal)).rejects.toMatchObject({
          code: 'not_found',
        })
      }
      await expect(world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP, version: '2.0.0' }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
      expect((await world.cases.providerPlatforms.list({ ...VERSION, page: PAGE }, world.owner)).total).toBe(0)
    })
  })

  describe('list and show', () => {
    it('members read without write permissions; a stranger gets not_found', async () => {
      await world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.owner)
      const page = await world.cases.providerPlatforms.list({ ...VERSION, page: PAGE }, world.reader)
      expect(page.items.map((item) => [item.platform.os, item.platform.arch, item.permissions])).toEqual([
        ['linux', 'amd64', { canDelete: false, canUploadAsset: false }],
      ])
      await expect(world.cases.providerPlatforms.show(LINUX, world.reader)).resolves.toMatchObject({ version: { version: '1.0.0' } })
      await expect(world.cases.providerPlatforms.list({ ...VERSION, page: PAGE }, world.stranger)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(world.cases.providerPlatforms.show(LINUX, world.stranger)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerPlatforms.show({ ...LINUX, arch: 'arm64' }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('once the zip is in, the upload link gives way to a download token for it', async () => {
      const { upload } = await world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.owner)
      await world.cases.providerUploads.upload({ objectId: upload ?? '', content: bytesOf(LINUX_ZIP.content) })
      const view = await world.cases.providerPlatforms.show(LINUX, world.reader)
      expect(view).toMatchObject({ platform: { binaryUploaded: true }, upload: null, download: expect.any(String) })
      const { blobKey } = await world.cases.providerUploads.download({ token: view.download ?? '' })
      expect(blobKey).toBe(providerBinaryBlobKey(view.platform))
    })
  })

  describe('delete', () => {
    it("removes the platform and its zip, not the version's files", async () => {
      await world.cases.providerUploads.upload({ objectId: version.uploads.shasums ?? '', content: bytesOf(shasumsOf(LINUX_ZIP)) })
      const { upload } = await world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.owner)
      await world.cases.providerUploads.upload({ objectId: upload ?? '', content: bytesOf(LINUX_ZIP.content) })
      await world.cases.providerPlatforms.delete(LINUX, world.manager)
      expect(await blobKeys(world.deps)).toEqual([shasumsBlobKey(version.version.id)])
      await expect(world.cases.providerPlatforms.show(LINUX, world.owner)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerUploads.upload({ objectId: upload ?? '', content: bytesOf('x') })).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('a plain member cannot delete: not_found, and the platform stays', async () => {
      await world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.owner)
      await expect(world.cases.providerPlatforms.delete(LINUX, world.reader)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerPlatforms.show(LINUX, world.reader)).resolves.toBeDefined()
    })

    it('creation and deletion are audited', async () => {
      await world.cases.providerPlatforms.create({ ...LINUX, ...LINUX_ZIP }, world.owner)
      await world.cases.providerPlatforms.delete(LINUX, world.owner)
      const { items } = await world.cases.auditEvents.execute({ number: 1, size: 100 }, OPERATOR)
      const events = items.filter((event) => event.type.startsWith('provider_platform.'))
      expect(events.map((event) => [event.type, event.targetName]).sort()).toEqual([
        ['provider_platform.created', 'acme/internal 1.0.0 linux_amd64'],
        ['provider_platform.deleted', 'acme/internal 1.0.0 linux_amd64'],
      ])
    })
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { shasumsBlobKey, shasumsSignatureBlobKey } from './provider-version.ts'
import {
  KEY,
  PAGE,
  PROVIDER,
  VERSION,
  blobKeys,
  bytesOf,
  encode,
  providerWorld,
  shasumsOf,
  zipFor,
  type ProviderWorld,
} from './test-support/provider-world.ts'

const NEW = { ...VERSION, keyId: KEY.keyId, protocols: ['5.0', '6.0'] }

describe('ProviderVersions', () => {
  let world: ProviderWorld

  beforeEach(async () => {
    world = await providerWorld()
    await world.cases.registryProviders.create({ organizationName: 'acme', name: 'internal', registryName: 'private' }, world.owner)
  })

  describe('create', () => {
    it('a new version awaits SHA256SUMS and its signature: upload links, no download links', async () => {
      const view = await world.cases.providerVersions.create(NEW, world.manager)
      expect(view.version).toMatchObject({
        version: '1.0.0',
        keyId: KEY.keyId,
        protocols: ['5.0', '6.0'],
        shasums: null,
        shasumsSignatureUploaded: false,
      })
      expect(view.version.id).toMatch(/^provver-/)
      expect(view.permissions).toEqual({ canDelete: true, canUploadAsset: true })
      expect(view.uploads.shasums).toEqual(expect.any(String))
      expect(view.uploads.shasumsSig).toEqual(expect.any(String))
      expect(view.downloads).toEqual({ shasums: null, shasumsSig: null })
    })

    it('normalises the version, and takes protocols once each, none at all too', async () => {
      expect((await world.cases.providerVersions.create({ ...NEW, version: 'v1.2.3' }, world.owner)).version.version).toBe('1.2.3')
      const repeated = await world.cases.providerVersions.create({ ...NEW, version: '1.2.4', protocols: ['5.0', '5.0'] }, world.owner)
      expect(repeated.version.protocols).toEqual(['5.0'])
      const none = await world.cases.providerVersions.create({ ...NEW, version: '1.2.5', protocols: [] }, world.owner)
      expect(none.version.protocols).toEqual([])
    })

    it("takes a key id the namespace has no key for yet (go-tfe sends 'abcdefg')", async () => {
      const view = await world.cases.providerVersions.create({ ...NEW, keyId: 'abcdefg' }, world.owner)
      expect(view.version.keyId).toBe('abcdefg')
    })

    it.each([
      ['version', { version: 'one' }],
      ['version', { version: '' }],
      ['protocols', { protocols: ['7.0'] }],
      ['protocols', { protocols: ['5'] }],
      ['key-id', { keyId: '  ' }],
    ])('invalid on %s for %o, as a rejected promise', async (field, change) => {
      const outcome = await world.cases.providerVersions.create({ ...NEW, ...change }, world.owner).catch((error: unknown) => error)
      expect(outcome).toMatchObject({ code: 'invalid', fields: [{ field }] })
    })

    it('invalid on version when the provider has it already', async () => {
      await world.cases.providerVersions.create(NEW, world.owner)
      await expect(world.cases.providerVersions.create({ ...NEW, version: 'v1.0.0' }, world.owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
    })

    it('a plain member and a stranger get not_found; so does an unknown provider', async () => {
      for (const principal of [world.reader, world.stranger]) {
        await expect(world.cases.providerVersions.create(NEW, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
      await expect(world.cases.providerVersions.create({ ...NEW, name: 'other' }, world.owner)).rejects.toMatchObject({ code: 'not_found' })
      expect((await world.cases.providerVersions.list({ ...PROVIDER, page: PAGE }, world.owner)).total).toBe(0)
    })

    it('is audited', async () => {
      await world.cases.providerVersions.create(NEW, world.owner)
      const { items } = await world.cases.auditEvents.execute({ number: 1, size: 100 }, OPERATOR)
      expect(items.find((event) => event.type === 'provider_version.created')).toMatchObject({
        targetName: 'acme/internal 1.0.0',
        organizationName: 'acme',
      })
    })
  })

  describe('list and show', () => {
    it('members read, without write permissions; a stranger gets not_found', async () => {
      await world.cases.providerVersions.create(NEW, world.owner)
      const page = await world.cases.providerVersions.list({ ...PROVIDER, page: PAGE }, world.reader)
      expect(page.items.map((item) => [item.version.version, item.permissions])).toEqual([
        ['1.0.0', { canDelete: false, canUploadAsset: false }],
      ])
      await expect(world.cases.providerVersions.show(VERSION, world.reader)).resolves.toMatchObject({ version: { version: '1.0.0' } })
      await expect(world.cases.providerVersions.list({ ...PROVIDER, page: PAGE }, world.stranger)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(world.cases.providerVersions.show(VERSION, world.stranger)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerVersions.show({ ...VERSION, version: '9.9.9' }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('finds a version by any spelling of it, as module versions are found', async () => {
      await world.cases.providerVersions.create({ ...NEW, version: 'v1.0.0' }, world.owner)
      await expect(world.cases.providerVersions.show({ ...VERSION, version: 'v1.0.0' }, world.reader)).resolves.toMatchObject({
        version: { version: '1.0.0' },
      })
      await expect(world.cases.providerVersions.show({ ...VERSION, version: 'one' }, world.reader)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('once a file is in, its upload link gives way to a download token', async () => {
      const created = await world.cases.providerVersions.create(NEW, world.owner)
      await world.cases.gpgKeys.create({ namespace: 'acme', asciiArmor: KEY.asciiArmor }, world.owner)
      const sums = shasumsOf(zipFor('linux', 'amd64'))
      await world.cases.providerUploads.upload({ objectId: created.uploads.shasums ?? '', content: bytesOf(sums) })
      const halfway = await world.cases.providerVersions.show(VERSION, world.reader)
      expect(halfway.uploads).toEqual({ shasums: null, shasumsSig: expect.any(String) })
      expect(halfway.downloads).toEqual({ shasums: expect.any(String), shasumsSig: null })
      await world.cases.providerUploads.upload({ objectId: halfway.uploads.shasumsSig ?? '', content: bytesOf(KEY.sign(encode(sums))) })
      const done = await world.cases.providerVersions.show(VERSION, world.reader)
      expect(done.uploads).toEqual({ shasums: null, shasumsSig: null })
      const download = await world.cases.providerUploads.download({ token: done.downloads.shasumsSig ?? '' })
      expect(download.blobKey).toBe(shasumsSignatureBlobKey(created.version.id))
      await expect(world.cases.providerUploads.describe({ token: done.downloads.shasums ?? '' })).resolves.toEqual({
        blobKey: shasumsBlobKey(created.version.id),
      })
    })
  })

  describe('delete', () => {
    it('removes the version, its platforms and its files; other versions keep theirs', async () => {
      const doomed = await world.cases.providerVersions.create(NEW, world.owner)
      const kept = await world.cases.providerVersions.create({ ...NEW, version: '2.0.0' }, world.owner)
      const sums = shasumsOf(zipFor('linux', 'amd64'))
      for (const view of [doomed, kept]) {
        await world.cases.providerUploads.upload({ objectId: view.uploads.shasums ?? '', content: bytesOf(sums) })
      }
      await world.cases.providerPlatforms.create({ ...VERSION, os: 'linux', arch: 'amd64', ...zipFor('linux', 'amd64') }, world.owner)
      await world.cases.providerVersions.delete(VERSION, world.manager)
      expect(await blobKeys(world.deps)).toEqual([shasumsBlobKey(kept.version.id)])
      await expect(world.cases.providerVersions.show(VERSION, world.owner)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerPlatforms.show({ ...VERSION, os: 'linux', arch: 'amd64' }, world.owner)).rejects.toMatchObject({
        code: 'not_found',
      })
      const { items } = await world.cases.auditEvents.execute({ number: 1, size: 100 }, OPERATOR)
      expect(items.some((event) => event.type === 'provider_version.deleted')).toBe(true)
    })

    it('a plain member cannot delete: not_found, and the version stays', async () => {
      await world.cases.providerVersions.create(NEW, world.owner)
      await expect(world.cases.providerVersions.delete(VERSION, world.reader)).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerVersions.show(VERSION, world.reader)).resolves.toBeDefined()
    })

    it('the upload links of a deleted version lead nowhere', async () => {
      const view = await world.cases.providerVersions.create(NEW, world.owner)
      await world.cases.providerVersions.delete(VERSION, world.owner)
      await expect(
        world.cases.providerUploads.upload({ objectId: view.uploads.shasums ?? '', content: bytesOf('x') }),
      ).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})

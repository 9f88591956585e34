import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_SHASUMS_BYTES, MAX_SIGNATURE_BYTES } from './provider-limits.ts'
import { shasumsBlobKey, shasumsSignatureBlobKey } from './provider-version.ts'
import type { ProviderVersionView } from './provider-views.ts'
import {
  KEY,
  LINUX,
  OTHER_KEY,
  VERSION,
  bytesOf,
  encode,
  providerWithVersion,
  providerWorld,
  shasumsOf,
  zipFor,
  type ProviderWorld,
} from './test-support/provider-world.ts'

const LINUX_ZIP = zipFor('linux', 'amd64')
const DARWIN_ZIP = zipFor('darwin', 'arm64')
const SUMS = shasumsOf(LINUX_ZIP, DARWIN_ZIP)

describe('ProviderUploads: SHA256SUMS and its signature', () => {
  let world: ProviderWorld
  let created: ProviderVersionView

  const uploadSums = (content: string | Uint8Array) =>
    world.cases.providerUploads.upload({ objectId: created.uploads.shasums ?? '', content: bytesOf(content) })
  const uploadSig = (content: Uint8Array) =>
    world.cases.providerUploads.upload({ objectId: created.uploads.shasumsSig ?? '', content: bytesOf(content) })
  const stored = async () => ({
    version: (await world.cases.providerVersions.show(VERSION, world.owner)).version,
    sums: await world.deps.blobs.has(shasumsBlobKey(created.version.id)),
    sig: await world.deps.blobs.has(shasumsSignatureBlobKey(created.version.id)),
  })

  beforeEach(async () => {
    world = await providerWorld()
    created = await providerWithVersion(world)
  })

  describe('SHA256SUMS', () => {
    it("is parsed and stored; the version's lines are set", async () => {
      const result = await uploadSums(SUMS)
      expect(result).toMatchObject({ kind: 'shasums', version: { uploads: { shasums: null }, downloads: { shasums: expect.any(String) } } })
      const { version, sums } = await stored()
      expect(sums).toBe(true)
      expect(version.shasums).toEqual([
        { sha256: LINUX_ZIP.shasum, filename: LINUX_ZIP.filename },
        { sha256: DARWIN_ZIP.shasum, filename: DARWIN_ZIP.filename },
      ])
    })

    it.each([
      ['a line that is not "<sha256>  <file>"', 'not a sums line\n'],
      ['an empty file', ''],
      ['a path for a file name', `${LINUX_ZIP.shasum}  dist/${LINUX_ZIP.filename}\n`],
      ['a file listed twice', shasumsOf(LINUX_ZIP, LINUX_ZIP)],
    ])('invalid on shasums for %s, and nothing stored', async (_, content) => {
      await expect(uploadSums(content)).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'shasums' }] })
      expect(await stored()).toMatchObject({ version: { shasums: null }, sums: false })
    })

    it('invalid on shasums when it is not UTF-8', async () => {
      await expect(uploadSums(new Uint8Array([0xff, 0xfe, 0x0a]))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'shasums' }],
      })
    })

    it(`invalid on shasums above ${MAX_SHASUMS_BYTES} bytes`, async () => {
      const oversized = `${SUMS}${'\n'.repeat(MAX_SHASUMS_BYTES)}`
      await expect(uploadSums(oversized)).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'shasums' }] })
      expect(await stored()).toMatchObject({ sums: false })
    })

    it('must list every platform already created, with its shasum', async () => {
      await world.cases.providerPlatforms.create({ ...LINUX, filename: LINUX_ZIP.filename, shasum: LINUX_ZIP.shasum }, world.owner)
      await expect(uploadSums(shasumsOf(DARWIN_ZIP))).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'shasums' }] })
      await expect(uploadSums(shasumsOf({ ...LINUX_ZIP, shasum: DARWIN_ZIP.shasum }))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'shasums' }],
      })
      expect(await stored()).toMatchObject({ sums: false })
      await expect(uploadSums(SUMS)).resolves.toMatchObject({ kind: 'shasums' })
    })

    it('is uploaded once: a second upload is refused and the first is kept', async () => {
      await uploadSums(SUMS)
      const outcome = await uploadSums(shasumsOf(LINUX_ZIP)).catch((error: unknown) => error)
      expect(outcome).toMatchObject({
        code: 'invalid',
        fields: [{ field: 'shasums', message: expect.stringContaining('already uploaded') }],
      })
      expect((await stored()).version.shasums).toHaveLength(2)
    })
  })

  describe('SHA256SUMS.sig', () => {
    it('needs SHA256SUMS first', async () => {
      const outcome = await uploadSig(KEY.sign(encode(SUMS))).catch((error: unknown) => error)
      expect(outcome).toMatchObject({ code: 'invalid', fields: [{ field: 'shasums-sig', message: expect.stringContaining('SHA256SUMS') }] })
      expect(await stored()).toMatchObject({ sig: false, version: { shasumsSignatureUploaded: false } })
    })

    it("is stored once it verifies against the version's key", async () => {
      await uploadSums(SUMS)
      const result = await uploadSig(KEY.sign(encode(SUMS)))
      expect(result).toMatchObject({
        kind: 'shasums-sig',
        version: { uploads: { shasumsSig: null }, downloads: { shasumsSig: expect.any(String) } },
      })
      expect(await stored()).toMatchObject({ sig: true, version: { shasumsSignatureUploaded: true } })
    })

    it.each([
      ['ASCII-armored', () => KEY.signArmored(encode(SUMS)), 'ASCII-armored'],
      ['by another key', () => OTHER_KEY.sign(encode(SUMS)), 'another key'],
      ['of other data', () => KEY.sign(encode(shasumsOf(LINUX_ZIP))), 'does not match'],
      ['unreadable', () => encode('not a signature'), 'not an OpenPGP signature'],
    ])('a signature %s is refused, nothing stored, and the link still takes a good one', async (_, signature, message) => {
      await uploadSums(SUMS)
      const outcome = await uploadSig(signature()).catch((error: unknown) => error)
      expect(outcome).toMatchObject({ code: 'invalid', fields: [{ field: 'shasums-sig', message: expect.stringContaining(message) }] })
      expect(await stored()).toMatchObject({ sig: false, version: { shasumsSignatureUploaded: false } })
      await expect(uploadSig(KEY.sign(encode(SUMS)))).resolves.toMatchObject({ kind: 'shasums-sig' })
    })

    it('finds the key of a key-id the client sent in lower case', async () => {
      world = await providerWorld()
      await world.cases.gpgKeys.create({ namespace: 'acme', asciiArmor: KEY.asciiArmor }, world.owner)
      await world.cases.registryProviders.create({ organizationName: 'acme', name: 'internal', registryName: 'private' }, world.owner)
      created = await world.cases.providerVersions.create({ ...VERSION, keyId: KEY.keyId.toLowerCase(), protocols: ['5.0'] }, world.owner)
      expect(created.version.keyId).toBe(KEY.keyId.toLowerCase())
      await uploadSums(SUMS)
      await expect(uploadSig(KEY.sign(encode(SUMS)))).resolves.toMatchObject({ kind: 'shasums-sig' })
    })

    it("invalid on key-id when the namespace has no key with the version's key id", async () => {
      world = await providerWorld()
      created = await providerWithVersion(world, { addKey: false })
      await uploadSums(SUMS)
      await expect(uploadSig(KEY.sign(encode(SUMS)))).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'key-id' }] })
      expect(await stored()).toMatchObject({ sig: false })
      await world.cases.gpgKeys.create({ namespace: 'acme', asciiArmor: KEY.asciiArmor }, world.owner)
      await expect(uploadSig(KEY.sign(encode(SUMS)))).resolves.toMatchObject({ kind: 'shasums-sig' })
    })

    it('a key of the same id in another namespace does not count', async () => {
      world = await providerWorld()
      created = await providerWithVersion(world, { addKey: false })
      await world.cases.gpgKeys.create({ namespace: 'globex', asciiArmor: KEY.asciiArmor }, world.stranger)
      await uploadSums(SUMS)
      await expect(uploadSig(KEY.sign(encode(SUMS)))).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'key-id' }] })
    })

    it(`invalid on shasums-sig above ${MAX_SIGNATURE_BYTES} bytes`, async () => {
      await uploadSums(SUMS)
      await expect(uploadSig(new Uint8Array(MAX_SIGNATURE_BYTES + 1))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'shasums-sig' }],
      })
    })

    it('is uploaded once', async () => {
      await uploadSums(SUMS)
      await uploadSig(KEY.sign(encode(SUMS)))
      await expect(uploadSig(KEY.sign(encode(SUMS)))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'shasums-sig', message: expect.stringContaining('already uploaded') }],
      })
    })
  })
})

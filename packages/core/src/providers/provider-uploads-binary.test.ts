import { beforeEach, describe, expect, it } from 'vitest'
import { DOWNLOAD_LINK_LIFETIME_MS } from '../modules/download-links.ts'
import { UPLOAD_LINK_LIFETIME_MS } from '../modules/module-version.ts'
import { providerBinaryBlobKey } from './provider-platform.ts'
import type { ProviderPlatformView } from './provider-views.ts'
import { LINUX, bytesOf, providerWithVersion, providerWorld, zipFor, type ProviderWorld } from './test-support/provider-world.ts'

const LINUX_ZIP = zipFor('linux', 'amd64')

async function collect(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

describe('ProviderUploads: zips and links', () => {
  let world: ProviderWorld
  let created: ProviderPlatformView

  const uploadZip = (content: string, objectId = created.upload ?? '') =>
    world.cases.providerUploads.upload({ objectId, content: bytesOf(content) })
  const platform = async () => (await world.cases.providerPlatforms.show(LINUX, world.owner)).platform
  const zipStored = () => world.deps.blobs.has(providerBinaryBlobKey(created.platform))

  beforeEach(async () => {
    world = await providerWorld()
    await providerWithVersion(world)
    created = await world.cases.providerPlatforms.create({ ...LINUX, filename: LINUX_ZIP.filename, shasum: LINUX_ZIP.shasum }, world.owner)
  })

  it("a zip with the platform's shasum is stored and the platform marked uploaded", async () => {
    const result = await uploadZip(LINUX_ZIP.content)
    expect(result).toMatchObject({
      kind: 'binary',
      platform: { platform: { binaryUploaded: true }, upload: null, download: expect.any(String) },
    })
    expect(await platform()).toMatchObject({ binaryUploaded: true })
    expect(await zipStored()).toBe(true)
  })

  it('a link carries no credential, so its answer grants no permission', async () => {
    const result = await uploadZip(LINUX_ZIP.content)
    expect(result).toMatchObject({ platform: { permissions: { canDelete: false, canUploadAsset: false } } })
  })

  it('a zip of another digest is deleted, the platform left not uploaded, and invalid names shasum', async () => {
    await expect(uploadZip('another zip')).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'shasum' }] })
    expect(await zipStored()).toBe(false)
    expect(await platform()).toMatchObject({ binaryUploaded: false })
    await expect(uploadZip(LINUX_ZIP.content)).resolves.toMatchObject({ kind: 'binary' })
  })

  it('a zip is uploaded once', async () => {
    await uploadZip(LINUX_ZIP.content)
    const outcome = await uploadZip(LINUX_ZIP.content).catch((error: unknown) => error)
    expect(outcome).toMatchObject({ code: 'invalid', message: expect.stringContaining('already uploaded') })
    expect(await zipStored()).toBe(true)
  })

  it('an expired link is not_found, as a rejected promise, and nothing is stored', async () => {
    world.deps.clock.advance(UPLOAD_LINK_LIFETIME_MS + 1)
    const outcome = await uploadZip(LINUX_ZIP.content).catch((error: unknown) => error)
    expect(outcome).toMatchObject({ code: 'not_found' })
    expect(await zipStored()).toBe(false)
    expect(await platform()).toMatchObject({ binaryUploaded: false })
  })

  it('a link is good until its lifetime has passed', async () => {
    world.deps.clock.advance(UPLOAD_LINK_LIFETIME_MS - 1)
    await expect(uploadZip(LINUX_ZIP.content)).resolves.toMatchObject({ kind: 'binary' })
  })

  it.each([
    ['changed', (link: string) => `${link.slice(0, -1)}${link.endsWith('x') ? 'y' : 'x'}`],
    ['made up', () => 'provider-upload.9999999999999.YmluYXJ5OnByb3ZwbHRmcm0tMQ.abc'],
    ['empty', () => ''],
    ['for downloads', () => world.deps.signer.sign('provider-download', `binary:${created.platform.id}`, new Date(Date.UTC(2100, 0)))],
  ])('a %s link is not_found', async (_, forge) => {
    await expect(uploadZip(LINUX_ZIP.content, forge(created.upload ?? ''))).rejects.toMatchObject({ code: 'not_found' })
    expect(await zipStored()).toBe(false)
  })

  it('a genuine link of an unknown kind is not_found', async () => {
    const link = world.deps.signer.sign('provider-upload', `readme:${created.platform.id}`, new Date(Date.UTC(2100, 0)))
    await expect(uploadZip(LINUX_ZIP.content, link)).rejects.toMatchObject({ code: 'not_found' })
  })

  describe('download and describe', () => {
    it('a download token streams the stored file; describe names it without opening it', async () => {
      const { platform: view } = (await uploadZip(LINUX_ZIP.content)) as { platform: ProviderPlatformView }
      const token = view.download ?? ''
      const { blobKey, content } = await world.cases.providerUploads.download({ token })
      expect(blobKey).toBe(providerBinaryBlobKey(created.platform))
      expect(await collect(content)).toBe(LINUX_ZIP.content)
      await expect(world.cases.providerUploads.describe({ token })).resolves.toEqual({ blobKey })
    })

    it('a forged, upload or expired token is not_found', async () => {
      const { platform: view } = (await uploadZip(LINUX_ZIP.content)) as { platform: ProviderPlatformView }
      for (const token of ['nonsense', created.upload ?? '', `${view.download ?? ''}x`]) {
        await expect(world.cases.providerUploads.download({ token })).rejects.toMatchObject({ code: 'not_found' })
        await expect(world.cases.providerUploads.describe({ token })).rejects.toMatchObject({ code: 'not_found' })
      }
      world.deps.clock.advance(DOWNLOAD_LINK_LIFETIME_MS + 1)
      await expect(world.cases.providerUploads.describe({ token: view.download ?? '' })).rejects.toMatchObject({ code: 'not_found' })
    })

    it('a token for a file since deleted is not_found', async () => {
      const { platform: view } = (await uploadZip(LINUX_ZIP.content)) as { platform: ProviderPlatformView }
      await world.cases.providerPlatforms.delete(LINUX, world.owner)
      await expect(world.cases.providerUploads.describe({ token: view.download ?? '' })).rejects.toMatchObject({ code: 'not_found' })
      await expect(world.cases.providerUploads.download({ token: view.download ?? '' })).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})

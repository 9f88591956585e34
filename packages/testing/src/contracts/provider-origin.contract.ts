import type { OriginPlatform, ProviderOrigin } from '@cairn/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bytesOf } from './byte-streams.ts'

/** An origin under test, offering one published platform of one provider version. */
export interface ProviderOriginUnderTest {
  readonly origin: ProviderOrigin
  readonly published: OriginPlatform & { readonly filename: string; readonly sha256: string; readonly zip: Uint8Array }
  /** Makes the origin answer every request with a 500, or never, or as a registry again. */
  behave(behaviour: 'normal' | 'failing' | 'hanging'): void
  dispose(): Promise<void>
}

export type ProviderOriginHarness = () => Promise<ProviderOriginUnderTest>

export function providerOriginContract(name: string, open: ProviderOriginHarness): void {
  describe(`ProviderOrigin contract: ${name}`, () => {
    let subject: ProviderOriginUnderTest
    beforeAll(async () => {
      subject = await open()
    }, 60_000)
    afterAll(() => subject?.dispose())

    it('lists the versions of a provider with their platforms', async () => {
      const { published, origin } = subject
      const versions = await origin.versions(published)
      expect(versions).toContainEqual({ version: published.version, platforms: [{ os: published.os, arch: published.arch }] })
    })

    it("gives a platform's package with its SHA256SUMS, their signature and the keys, then streams its zip", async () => {
      const { published, origin } = subject
      const found = await origin.package(published)
      expect(found).toMatchObject({ platform: published, filename: published.filename, sha256: published.sha256 })
      expect(new TextDecoder().decode(found.shasums)).toContain(`${published.sha256}  ${published.filename}`)
      expect(found.shasumsSignature.byteLength).toBeGreaterThan(0)
      expect(found.signingKeys.length).toBeGreaterThan(0)
      expect(Buffer.from(await bytesOf(origin.zip(found, 1024 * 1024 * 1024)))).toEqual(Buffer.from(published.zip))
      await expect(bytesOf(origin.zip(found, published.zip.byteLength - 1))).rejects.toMatchObject({ code: 'upstream_failed' })
    })

    it('raises not_found for a provider, version or platform the origin does not offer', async () => {
      const { published, origin } = subject
      await expect(origin.versions({ ...published, type: 'missing' })).rejects.toMatchObject({ code: 'not_found' })
      await expect(origin.package({ ...published, version: '9.9.9' })).rejects.toMatchObject({ code: 'not_found' })
      await expect(origin.package({ ...published, arch: 'mips' })).rejects.toMatchObject({ code: 'not_found' })
    })

    it('raises upstream_failed when the origin fails and upstream_timeout when it does not answer in time', async () => {
      const { published, origin } = subject
      const found = await origin.package(published)
      try {
        subject.behave('failing')
        await expect(bytesOf(origin.zip(found, 1024 * 1024 * 1024))).rejects.toMatchObject({ code: 'upstream_failed' })
        await expect(origin.versions(published)).rejects.toMatchObject({ code: 'upstream_failed' })
        subject.behave('hanging')
        await expect(origin.package(published)).rejects.toMatchObject({ code: 'upstream_timeout' })
        await expect(bytesOf(origin.zip(found, 1024 * 1024 * 1024))).rejects.toMatchObject({ code: 'upstream_timeout' })
      } finally {
        subject.behave('normal')
      }
    })
  })
}

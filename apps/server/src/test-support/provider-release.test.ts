import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GO } from '../cli/test-support/go-tfe-client.ts'
import { makeProviderRelease, sha256Of, whyNoProviderRelease, type ProviderRelease } from './provider-release.ts'
import { gpgVerifies, throwawayGpgKey, type ThrowawayGpgKey } from './throwaway-gpg-key.ts'
import { buildTimeProviderOnce, TIME_PROVIDER_VERSION, type ProviderBuild } from './time-provider.ts'

const run = promisify(execFile)
const skipped = whyNoProviderRelease(GO)
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the provider release tests: ${skipped}\n`)

const PREFIX = `terraform-provider-time_${TIME_PROVIDER_VERSION}`

describe.skipIf(skipped !== undefined)(`makeProviderRelease of terraform-provider-time ${TIME_PROVIDER_VERSION}`, () => {
  let build: ProviderBuild
  let key: ThrowawayGpgKey
  let release: ProviderRelease
  const file = (name: string) => join(release.dir, name)

  beforeAll(async () => {
    // The build is the slow part, once per machine; a release of it takes a second or two.
    build = await buildTimeProviderOnce(GO ?? 'go')
    key = await throwawayGpgKey()
    release = await makeProviderRelease({ binary: build, type: 'time', version: TIME_PROVIDER_VERSION, key })
  }, 20 * 60_000)

  afterAll(async () => {
    await release?.dispose()
    await key?.dispose()
  })

  it('writes the zip for this machine’s platform, the manifest, SHA256SUMS and its signature, named as goreleaser names them', async () => {
    const zip = `${PREFIX}_${build.os}_${build.arch}.zip`
    expect((await readdir(release.dir)).sort()).toEqual(
      [`${PREFIX}_SHA256SUMS`, `${PREFIX}_SHA256SUMS.sig`, zip, `${PREFIX}_manifest.json`].sort(),
    )
    expect(release).toMatchObject({
      namespace: 'acme',
      type: 'time',
      version: TIME_PROVIDER_VERSION,
      shasums: `${PREFIX}_SHA256SUMS`,
      signature: `${PREFIX}_SHA256SUMS.sig`,
      manifest: `${PREFIX}_manifest.json`,
      platforms: [{ os: build.os, arch: build.arch, filename: zip }],
    })
  })

  it('speaks plugin protocol 5.0, as the provider’s main.go serves it and its manifest says', async () => {
    expect(release.protocols).toEqual(['5.0'])
    expect(JSON.parse(await readFile(file(release.manifest), 'utf8'))).toEqual({ version: 1, metadata: { protocol_versions: ['5.0'] } })
  })

  it('lists in SHA256SUMS the sha256 of the zip and of the manifest, two spaces before each name', async () => {
    const [platform] = release.platforms
    const zipSum = await sha256Of(file(platform?.filename ?? ''))
    expect(platform?.shasum).toBe(zipSum)
    expect(await readFile(file(release.shasums), 'utf8')).toBe(
      `${zipSum}  ${platform?.filename}\n${await sha256Of(file(release.manifest))}  ${release.manifest}\n`,
    )
  })

  it('signs SHA256SUMS with a binary detached signature that gpg --verify accepts with the public key', async () => {
    const signature = await readFile(file(release.signature))
    expect(signature.subarray(0, 5).toString()).not.toBe('-----')
    expect(await gpgVerifies(key.armoredPublicKey, signature, file(release.shasums))).toBe(true)
  }, 30_000)

  it('zips the built executable alone, as terraform-provider-time_v<version> with its executable bit', async () => {
    const zip = file(release.platforms[0]?.filename ?? '')
    const { stdout: listing } = await run('zipinfo', [zip])
    const entries = listing.split('\n').filter((line) => /^[-d]r/.test(line))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatch(new RegExp(`^-rwxr-xr-x .* terraform-provider-time_v${TIME_PROVIDER_VERSION.replaceAll('.', '\\.')}$`))
    const { stdout: unpacked } = await run('unzip', ['-p', zip], { encoding: 'buffer', maxBuffer: 256 << 20 })
    expect(unpacked.equals(await readFile(build.executable))).toBe(true)
  }, 30_000)
})

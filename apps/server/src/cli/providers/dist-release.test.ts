import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readDistRelease } from './dist-release.ts'

const PREFIX = 'terraform-provider-time_0.14.2'
const sha = (content: string) => createHash('sha256').update(content).digest('hex')

describe('readDistRelease', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cairn-dist-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  /** Writes `files` and a SHA256SUMS listing `listed` (all of them by default), as goreleaser does. */
  async function dist(files: Record<string, string>, options: { listed?: string[]; sig?: boolean } = {}) {
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content)
    const listed = options.listed ?? Object.keys(files)
    const lines = listed.sort().map((name) => `${sha(files[name] ?? name)}  ${name}\n`)
    await writeFile(join(dir, `${PREFIX}_SHA256SUMS`), lines.join(''))
    if (options.sig !== false) await writeFile(join(dir, `${PREFIX}_SHA256SUMS.sig`), 'binary signature')
  }

  it('reads the type and version from the SHA256SUMS name, and each platform zip it lists with its shasum', async () => {
    await dist({ [`${PREFIX}_linux_amd64.zip`]: 'linux', [`${PREFIX}_darwin_arm64.zip`]: 'darwin' })
    const release = await readDistRelease(dir)
    expect(release).toMatchObject({
      type: 'time',
      version: '0.14.2',
      protocols: undefined,
      signaturePath: join(dir, `${PREFIX}_SHA256SUMS.sig`),
    })
    expect(release.platforms).toEqual([
      {
        os: 'darwin',
        arch: 'arm64',
        filename: `${PREFIX}_darwin_arm64.zip`,
        path: join(dir, `${PREFIX}_darwin_arm64.zip`),
        shasum: sha('darwin'),
      },
      {
        os: 'linux',
        arch: 'amd64',
        filename: `${PREFIX}_linux_amd64.zip`,
        path: join(dir, `${PREFIX}_linux_amd64.zip`),
        shasum: sha('linux'),
      },
    ])
  })

  it('takes the protocols from the manifest, which SHA256SUMS lists too, and ignores stray files', async () => {
    const manifest = JSON.stringify({ version: 1, metadata: { protocol_versions: ['6.0'] } })
    await dist({ [`${PREFIX}_linux_amd64.zip`]: 'linux', [`${PREFIX}_manifest.json`]: manifest })
    await writeFile(join(dir, 'config.yaml'), 'goreleaser leftovers')
    await writeFile(join(dir, 'artifacts.json'), '[]')
    const release = await readDistRelease(dir)
    expect(release.protocols).toEqual(['6.0'])
    expect(release.platforms.map(({ filename }) => filename)).toEqual([`${PREFIX}_linux_amd64.zip`])
  })

  it('reads versions with a pre-release and build metadata', async () => {
    const prefix = 'terraform-provider-my-cloud_1.2.0-rc.1+build.5'
    await writeFile(join(dir, `${prefix}_linux_amd64.zip`), 'zip')
    await writeFile(join(dir, `${prefix}_SHA256SUMS`), `${sha('zip')}  ${prefix}_linux_amd64.zip\n`)
    await writeFile(join(dir, `${prefix}_SHA256SUMS.sig`), 'sig')
    expect(await readDistRelease(dir)).toMatchObject({
      type: 'my-cloud',
      version: '1.2.0-rc.1+build.5',
      platforms: [{ os: 'linux', arch: 'amd64' }],
    })
  })

  it('refuses a release without its signature, saying how to make one', async () => {
    await dist({ [`${PREFIX}_linux_amd64.zip`]: 'linux' }, { sig: false })
    await expect(readDistRelease(dir)).rejects.toThrow(`${dir} has no ${PREFIX}_SHA256SUMS.sig: sign SHA256SUMS with gpg --detach-sign`)
  })

  it('refuses a directory with no SHA256SUMS, or with two versions in it', async () => {
    await expect(readDistRelease(dir)).rejects.toThrow('exactly one terraform-provider-<type>_<version>_SHA256SUMS file (found none)')
    await dist({ [`${PREFIX}_linux_amd64.zip`]: 'linux' })
    await writeFile(join(dir, 'terraform-provider-time_0.14.1_SHA256SUMS'), '')
    await expect(readDistRelease(dir)).rejects.toThrow(
      /found terraform-provider-time_0\.14\.1_SHA256SUMS, terraform-provider-time_0\.14\.2_SHA256SUMS/,
    )
  })

  it('refuses a zip SHA256SUMS does not list, and a listed zip that is missing', async () => {
    await dist({ [`${PREFIX}_linux_amd64.zip`]: 'linux', [`${PREFIX}_linux_arm64.zip`]: 'arm' }, { listed: [`${PREFIX}_linux_amd64.zip`] })
    await expect(readDistRelease(dir)).rejects.toThrow(`SHA256SUMS does not list ${PREFIX}_linux_arm64.zip`)
    await rm(join(dir, `${PREFIX}_linux_arm64.zip`))
    await rm(join(dir, `${PREFIX}_linux_amd64.zip`))
    await expect(readDistRelease(dir)).rejects.toThrow(`SHA256SUMS lists ${PREFIX}_linux_amd64.zip, which is not in ${dir}`)
  })

  it('refuses a SHA256SUMS without any platform zip, or with a line that is not "<sha256>  <name>"', async () => {
    await dist({ [`${PREFIX}_manifest.json`]: '{}' })
    await expect(readDistRelease(dir)).rejects.toThrow(`SHA256SUMS lists no ${PREFIX}_<os>_<arch>.zip`)
    await writeFile(join(dir, `${PREFIX}_SHA256SUMS`), 'not a checksum line\n')
    await expect(readDistRelease(dir)).rejects.toThrow(`${PREFIX}_SHA256SUMS line 1 is not "<sha256>  <file name>"`)
  })

  it('refuses a manifest whose protocol_versions is not a list of strings', async () => {
    await dist({ [`${PREFIX}_linux_amd64.zip`]: 'linux', [`${PREFIX}_manifest.json`]: '{"metadata":{"protocol_versions":5}}' })
    await expect(readDistRelease(dir)).rejects.toThrow('metadata.protocol_versions must be a list of strings')
  })
})

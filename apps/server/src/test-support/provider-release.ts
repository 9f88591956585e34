import { execFile, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { whyNoGpg } from './throwaway-gpg-key.ts'
import type { ProviderBuild } from './time-provider.ts'

const run = promisify(execFile)

/** Why a provider release cannot be built and signed here, or undefined when it can. */
export function whyNoProviderRelease(go: string | undefined): string | undefined {
  if (go === undefined) return 'Go is not installed (neither on PATH nor in /usr/local/go/bin), so no provider can be built'
  if (spawnSync('zip', ['-v'], { stdio: 'ignore' }).status !== 0) return 'the zip CLI is not installed, so no provider can be zipped'
  return whyNoGpg()
}

/** What signs a release's SHA256SUMS: a ThrowawayGpgKey's `sign`, or its `armoredSignature` to make a bad release. */
export interface ReleaseSigner {
  sign(file: string): Promise<Buffer>
}

/** One platform's zip in a release. */
export interface ReleasePlatform {
  readonly os: string
  readonly arch: string
  readonly filename: string
  /** The zip's sha256, hex, as its SHA256SUMS line and a registry's `shasum` give it. */
  readonly shasum: string
}

/** A goreleaser-style `dist/` directory of one provider version, and what a registry says of it. */
export interface ProviderRelease {
  readonly namespace: string
  readonly type: string
  readonly version: string
  /** The plugin protocols of the manifest's `metadata.protocol_versions`. */
  readonly protocols: readonly string[]
  readonly dir: string
  /** File names inside `dir`. */
  readonly shasums: string
  readonly signature: string
  readonly manifest: string
  readonly platforms: readonly ReleasePlatform[]
  dispose(): Promise<void>
}

/**
 * Writes what `goreleaser release` writes with HashiCorp's provider template, into a new
 * temporary folder: `terraform-provider-<type>_<version>_<os>_<arch>.zip` holding the executable
 * as `terraform-provider-<type>_v<version>`, the manifest, their SHA256SUMS (in byte order of the
 * names, as goreleaser sorts it) and its detached signature by `key`. Zipped with Info-ZIP's
 * `zip`, which keeps the executable bit the CLIs need when they unpack.
 */
export async function makeProviderRelease(options: {
  readonly binary: ProviderBuild
  readonly namespace?: string
  readonly type: string
  readonly version: string
  readonly key: ReleaseSigner
}): Promise<ProviderRelease> {
  const { binary, type, version } = options
  const root = await mkdtemp(join(tmpdir(), 'cairn-provider-release-'))
  const dir = join(root, 'dist')
  const staged = join(root, 'build', `terraform-provider-${type}_v${version}`)
  const prefix = `terraform-provider-${type}_${version}`
  const zip = `${prefix}_${binary.os}_${binary.arch}.zip`
  const names = { shasums: `${prefix}_SHA256SUMS`, signature: `${prefix}_SHA256SUMS.sig`, manifest: `${prefix}_manifest.json` }
  try {
    await mkdir(dir)
    await mkdir(join(staged, '..'))
    await copyFile(binary.executable, staged)
    await chmod(staged, 0o755)
    await run('zip', ['-q', '-X', '-j', join(dir, zip), staged])
    await copyFile(binary.manifest, join(dir, names.manifest))
    const shasum = await sha256Of(join(dir, zip))
    const sums: [string, string][] = [
      [zip, shasum],
      [names.manifest, await sha256Of(join(dir, names.manifest))],
    ]
    const lines = sums.sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, sum]) => `${sum}  ${name}\n`)
    await writeFile(join(dir, names.shasums), lines.join(''))
    await writeFile(join(dir, names.signature), await options.key.sign(join(dir, names.shasums)))
    const manifest = JSON.parse(await readFile(binary.manifest, 'utf8')) as { metadata: { protocol_versions: string[] } }
    return {
      namespace: options.namespace ?? 'acme',
      type,
      version,
      protocols: manifest.metadata.protocol_versions,
      dir,
      ...names,
      platforms: [{ os: binary.os, arch: binary.arch, filename: zip, shasum }],
      dispose: () => rm(root, { recursive: true, force: true }),
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
}

/** The sha256 of a file, hex; streamed, since provider zips run to hundreds of megabytes. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

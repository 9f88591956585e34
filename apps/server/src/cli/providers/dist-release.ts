import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PublishError } from './publish-error.ts'

/** One platform's zip of a release, as its SHA256SUMS line names it. */
export interface DistPlatform {
  readonly os: string
  readonly arch: string
  readonly filename: string
  /** Where the zip is on disk. */
  readonly path: string
  /** Its sha256, hex, from SHA256SUMS (the server checks the upload against it). */
  readonly shasum: string
}

/** A goreleaser `dist/` directory of one provider version, read and checked for what a registry needs. */
export interface DistRelease {
  readonly type: string
  readonly version: string
  readonly shasums: { readonly path: string; readonly content: Buffer }
  readonly signaturePath: string
  /** The manifest's `metadata.protocol_versions`; undefined without a manifest. */
  readonly protocols: readonly string[] | undefined
  readonly platforms: readonly DistPlatform[]
}

// Provider types are lower-case letters, digits and dashes; a version has no underscore.
const SHASUMS_NAME = /^terraform-provider-([a-z0-9][a-z0-9-]*)_([^_]+)_SHA256SUMS$/
const SHASUMS_LINE = /^([0-9a-f]{64}) [ *](\S+)$/

/**
 * Reads `dir` as goreleaser's provider template writes it: exactly one
 * `terraform-provider-<type>_<version>_SHA256SUMS`, its binary detached `.sig`, a zip
 * `…_<os>_<arch>.zip` for each platform its SHA256SUMS lists, and optionally `…_manifest.json`.
 * Other files (the manifest too, which SHA256SUMS lists) are not published. Throws PublishError
 * naming what is wrong.
 */
export async function readDistRelease(dir: string): Promise<DistRelease> {
  const names = await readdir(dir).catch((error: unknown) => {
    throw new PublishError(`cannot read the release directory ${dir}: ${(error as Error).message}`)
  })
  const sums = names.filter((name) => SHASUMS_NAME.test(name))
  if (sums.length !== 1) {
    const found = sums.length === 0 ? 'none' : sums.join(', ')
    throw new PublishError(`${dir} must hold exactly one terraform-provider-<type>_<version>_SHA256SUMS file (found ${found})`)
  }
  const [shasumsName = ''] = sums
  const [, type = '', version = ''] = SHASUMS_NAME.exec(shasumsName) ?? []
  const prefix = `terraform-provider-${type}_${version}`
  if (!names.includes(`${shasumsName}.sig`)) {
    throw new PublishError(`${dir} has no ${shasumsName}.sig: sign SHA256SUMS with gpg --detach-sign (a binary signature, not --armor)`)
  }
  const content = await readFile(join(dir, shasumsName))
  const listed = parseShasums(content.toString('utf8'), shasumsName)
  const platforms = platformsOf(dir, prefix, listed, new Set(names))
  const manifest = `${prefix}_manifest.json`
  return {
    type,
    version,
    shasums: { path: join(dir, shasumsName), content },
    signaturePath: join(dir, `${shasumsName}.sig`),
    protocols: names.includes(manifest) ? await protocolsOf(join(dir, manifest)) : undefined,
    platforms,
  }
}

function parseShasums(text: string, name: string): Map<string, string> {
  const listed = new Map<string, string>()
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    const [, sha256, filename] = SHASUMS_LINE.exec(line) ?? []
    if (sha256 === undefined || filename === undefined) {
      throw new PublishError(`${name} line ${index + 1} is not "<sha256>  <file name>": ${JSON.stringify(line)}`)
    }
    listed.set(filename, sha256)
  }
  return listed
}

/** The zips SHA256SUMS lists for `prefix`, each of which must be on disk; a zip on disk it does not list is an error too. */
function platformsOf(dir: string, prefix: string, listed: Map<string, string>, present: Set<string>): DistPlatform[] {
  const zip = new RegExp(`^${prefix.replace(/[.+]/g, '\\$&')}_([a-z0-9]+)_([a-z0-9]+)\\.zip$`)
  const unlisted = [...present].filter((name) => zip.test(name) && !listed.has(name))
  if (unlisted.length > 0) throw new PublishError(`SHA256SUMS does not list ${unlisted.join(', ')}: rebuild the release`)
  const platforms: DistPlatform[] = []
  for (const [filename, shasum] of listed) {
    const [, os, arch] = zip.exec(filename) ?? []
    if (os === undefined || arch === undefined) continue
    if (!present.has(filename)) throw new PublishError(`SHA256SUMS lists ${filename}, which is not in ${dir}`)
    platforms.push({ os, arch, filename, path: join(dir, filename), shasum })
  }
  if (platforms.length === 0) throw new PublishError(`SHA256SUMS lists no ${prefix}_<os>_<arch>.zip: there is nothing to install`)
  return platforms.sort((a, b) => (a.filename < b.filename ? -1 : 1))
}

async function protocolsOf(manifest: string): Promise<readonly string[] | undefined> {
  let parsed: { metadata?: { protocol_versions?: unknown } }
  try {
    parsed = JSON.parse(await readFile(manifest, 'utf8')) as typeof parsed
  } catch (error) {
    throw new PublishError(`${manifest} is not JSON: ${(error as Error).message}`)
  }
  const protocols = parsed.metadata?.protocol_versions
  if (protocols === undefined) return undefined
  if (!Array.isArray(protocols) || !protocols.every((p) => typeof p === 'string')) {
    throw new PublishError(`${manifest}: metadata.protocol_versions must be a list of strings such as ["5.0"]`)
  }
  return protocols
}

import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { throwawayGpgKey, type ThrowawayGpgKey } from '../apps/server/src/test-support/throwaway-gpg-key.ts'
import { MiB } from './stats.ts'

/** One platform's package: its file name, its bytes (or a file on disk for a large one) and their sha256. */
export interface ReleaseFile {
  readonly os: string
  readonly arch: string
  readonly filename: string
  readonly sha256: string
  /** Small packages are sent from memory; a large one is streamed from `path`. */
  readonly content: Uint8Array | { readonly path: string; readonly size: number }
}

/** A provider version ready to upload: SHA256SUMS, its binary detached signature, and its platforms' packages. */
export interface Release {
  readonly type: string
  readonly version: string
  readonly shasums: Buffer
  readonly signature: Buffer
  readonly files: readonly ReleaseFile[]
}

/** A signing key and a scratch directory to sign SHA256SUMS files in; dispose of both after. */
export interface ReleaseSigner {
  readonly key: ThrowawayGpgKey
  sign(release: Omit<Release, 'signature' | 'shasums'>): Promise<Release>
  dispose(): Promise<void>
}

/**
 * A throw-away RSA 3072 key in a GNUPGHOME of its own (never the user's keyring), which signs
 * each release's SHA256SUMS as goreleaser does: `gpg --detach-sign`, binary, the only kind both
 * CLIs accept and the server verifies.
 */
export async function releaseSigner(): Promise<ReleaseSigner> {
  const key = await throwawayGpgKey()
  const scratch = await mkdtemp(join(tmpdir(), 'cairn-bench-shasums-'))
  let signed = 0
  return {
    key,
    async sign(release) {
      const shasums = Buffer.from(release.files.map((file) => `${file.sha256}  ${file.filename}\n`).join(''))
      const path = join(scratch, `SHA256SUMS-${signed++}`)
      await writeFile(path, shasums)
      const signature = await key.sign(path)
      await rm(path)
      return { ...release, shasums, signature }
    },
    async dispose() {
      await key.dispose()
      await rm(scratch, { recursive: true, force: true })
    },
  }
}

/** HashiCorp's name of a platform's zip. */
export const zipName = (type: string, version: string, os: string, arch: string): string =>
  `terraform-provider-${type}_${version}_${os}_${arch}.zip`

/**
 * A small package: 1 KiB of random bytes standing for the zip. The server stores it and checks
 * its sha256 against the platform's and SHA256SUMS's, and reads nothing else of it.
 */
export function smallPackage(type: string, version: string, os: string, arch: string): ReleaseFile {
  const bytes = randomBytes(1024)
  return { os, arch, filename: zipName(type, version, os, arch), sha256: sha256(bytes), content: bytes }
}

/** A package of `size` random bytes written to `path` in 1 MiB pieces, its sha256 taken as it is written. */
export async function largePackage(path: string, size: number, type: string, version: string): Promise<ReleaseFile> {
  const hash = createHash('sha256')
  async function* pieces() {
    for (let written = 0; written < size; written += MiB) {
      const piece = randomBytes(Math.min(MiB, size - written))
      hash.update(piece)
      yield piece
    }
  }
  await pipeline(pieces, createWriteStream(path))
  const [os, arch] = ['linux', 'amd64']
  return { os, arch, filename: zipName(type, version, os, arch), sha256: hash.digest('hex'), content: { path, size } }
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

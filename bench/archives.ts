import { createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { collect, directoryEntries, fixtureModule, packDirectory, tarGz, type TarEntry } from '../test-fixtures/src/index.ts'
import { generatedModule } from './generated-module.ts'
import { MiB } from './stats.ts'

/** An archive held in memory, with what it holds. */
export interface Archive {
  readonly name: string
  readonly description: string
  readonly bytes: Uint8Array
  readonly files: number
  /** Uncompressed size of the configuration (`.tf`, `.tf.json`) the analyzer parses. */
  readonly configurationBytes: number
}

/** The `network` fixture module, packed as its author would: a typical module. */
export async function typicalArchive(): Promise<Archive> {
  const bytes = await collect(packDirectory(fixtureModule('network')))
  const entries: TarEntry[] = []
  for await (const entry of directoryEntries(fixtureModule('network'))) entries.push(entry)
  return { name: 'typical', description: 'test-fixtures/modules/network', bytes, ...countFiles(entries) }
}

/** The generated module of 1,000 `.tf` files (see `generated-module.ts`). */
export async function thousandFileArchive(): Promise<Archive> {
  const entries = generatedModule()
  const bytes = await collect(tarGz(entries))
  const { files, configurationBytes } = countFiles(entries)
  const tf = entries.filter((entry) => entry.path.endsWith('.tf')).length
  return {
    name: '1000-files',
    description: `generated: ${tf} .tf files and ${files - tf} READMEs in the root, modules/* and examples/*`,
    bytes,
    files,
    configurationBytes,
  }
}

function countFiles(entries: readonly TarEntry[]): { files: number; configurationBytes: number } {
  const files = entries.filter((entry) => (entry.type ?? 'file') === 'file')
  const configurationBytes = files
    .filter((entry) => /\.tf(\.json)?$/.test(entry.path))
    .reduce((total, entry) => total + bodySize(entry.body), 0)
  return { files: files.length, configurationBytes }
}

function bodySize(body: TarEntry['body']): number {
  if (typeof body === 'string') return Buffer.byteLength(body)
  if (body instanceof Uint8Array) return body.byteLength
  return body?.size ?? 0
}

/** The large archive of the memory benchmark, written to a file rather than held. */
export interface LargeArchive {
  readonly path: string
  readonly size: number
  readonly payloadBytes: number
  readonly description: string
}

/**
 * A sound module (three small `.tf` files and a README at the root) followed by `blobs` files of
 * `blobBytes` pseudo-random bytes under `assets/`: incompressible, so the archive is as large as
 * its content, and outside any module part, so the analyzer reads them through without
 * extracting them. Each blob stays under the server's default `CAIRN_ARCHIVE_MAX_ENTRY_BYTES`
 * (16 MiB) and the whole under `CAIRN_ARCHIVE_MAX_BYTES` (256 MiB), so the server's default
 * limits accept it: the version ends `ok` only once every byte has been read.
 */
export async function writeLargeArchive(path: string, blobs = 8, blobBytes = 12.5 * MiB): Promise<LargeArchive> {
  const entries: TarEntry[] = [
    { path: 'README.md', body: '# Large\n\nA module that ships large binary assets.\n' },
    {
      path: 'main.tf',
      body: 'resource "aws_s3_object" "asset" {\n  for_each = fileset("${path.module}/assets", "*")\n  bucket   = var.bucket\n  key      = each.value\n  source   = "${path.module}/assets/${each.value}"\n}\n',
    },
    { path: 'variables.tf', body: 'variable "bucket" {\n  type        = string\n  description = "Where the assets go."\n}\n' },
    { path: 'outputs.tf', body: 'output "keys" {\n  value = [for object in aws_s3_object.asset : object.key]\n}\n' },
    { path: 'assets', type: 'directory' },
  ]
  for (let i = 0; i < blobs; i++) entries.push({ path: `assets/blob-${i}.bin`, body: { size: blobBytes, fill: 'noise' } })
  // Level 1: random bytes do not compress at any level, and the fastest keeps generation short.
  await pipeline(tarGz(entries, { level: 1 }), createWriteStream(path))
  return {
    path,
    size: (await stat(path)).size,
    payloadBytes: blobs * blobBytes,
    description: `main.tf, variables.tf, outputs.tf, README.md and ${blobs} × ${blobBytes / MiB} MiB of random bytes in assets/`,
  }
}

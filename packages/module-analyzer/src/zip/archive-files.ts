import type { ByteStream } from '@cairn/core'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { Parser, type ReadEntry } from 'tar'
import type { ArchiveLimits } from '../analyzer-options.ts'
import { checkEntry } from '../archive/entry-policy.ts'
import { refusal } from '../archive/refusal.ts'
import { translateError } from '../archive/translate-error.ts'

/** A regular file of an archive: its `/`-separated path, its permission bits and its content. */
export interface ArchiveFile {
  readonly path: string
  readonly mode: number
  readonly content: Buffer
}

/**
 * The regular files of a gzip tarball, in the archive's order, judged by the analyzer's entry
 * policy (no links, devices, absolute paths or `..`); a path given twice keeps its last content,
 * as extracting the archive would. Raises `invalid` on `archive` for the first rule it breaks.
 */
export async function archiveFiles(archive: ByteStream, limits: Pick<ArchiveLimits, 'maxEntryBytes' | 'maxEntries'>) {
  const files = new Map<string, Promise<ArchiveFile>>()
  let entries = 0
  let failure: unknown
  const parser = new Parser({ strict: true })
  parser.on('entry', (entry: ReadEntry) => {
    try {
      entries += 1
      if (entries > limits.maxEntries) throw refusal(`holds more than ${limits.maxEntries} entries`)
      const header = { path: entry.path, type: entry.type, size: entry.size ?? 0, linkpath: entry.linkpath }
      const safe = checkEntry(header, limits.maxEntryBytes)
      if (safe.kind === 'file') files.set(safe.segments.join('/'), contentOf(entry, safe.segments.join('/')))
      else entry.resume()
    } catch (error) {
      failure ??= error
      entry.resume()
    }
  })
  parser.on('error', (error: unknown) => (failure ??= error))
  const ended = once(parser, 'end')
  try {
    await pipeline(archive, createGunzip(), async (tar: AsyncIterable<Buffer>) => {
      for await (const chunk of tar) if (!parser.write(chunk)) await once(parser, 'drain')
      parser.end()
      await ended
    })
  } catch (error) {
    failure ??= error
  }
  if (failure !== undefined) throw translateError(failure)
  return Promise.all(files.values())
}

function contentOf(entry: ReadEntry, path: string): Promise<ArchiveFile> {
  const chunks: Buffer[] = []
  entry.on('data', (chunk: Buffer) => chunks.push(chunk))
  return new Promise((resolve) =>
    entry.on('end', () => resolve({ path, mode: (entry.mode ?? 0o644) & 0o777, content: Buffer.concat(chunks) })),
  )
}

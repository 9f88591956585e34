import type { ByteStream } from '@cairn/core'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { Parser, type ReadEntry } from 'tar'
import type { ArchiveLimits } from '../analyzer-options.ts'
import { ArchiveCatalogue, type ArchiveInventory } from './archive-catalogue.ts'
import { compressedLimit, expandedLimit, type ByteMeter } from './byte-limits.ts'
import { EntryWriter } from './entry-writer.ts'
import { translateError } from './translate-error.ts'

/**
 * Streams a gzip tarball through the limits and the entry checks, writing the files the analysis
 * reads below `directory` and nothing anywhere else. Raises `invalid` on `archive` for the first
 * rule the archive breaks; when it raises, writes have stopped but `directory` is left to the
 * caller to remove.
 */
export async function extractArchive(archive: ByteStream, directory: string, limits: ArchiveLimits): Promise<ArchiveInventory> {
  // The first failure wins: a refusal from a header, a parser error, a failed write.
  const abort = new AbortController()
  const catalogue = new ArchiveCatalogue(limits)
  const writer = new EntryWriter(directory, abort)
  const parser = tarParser(catalogue, writer, abort)
  const meter: ByteMeter = { compressed: 0, expanded: 0 }
  try {
    await pipeline(
      archive,
      compressedLimit(limits, meter),
      createGunzip(),
      expandedLimit(limits, meter),
      (tar: AsyncIterable<Uint8Array>) => feed(parser, tar, abort.signal),
    )
  } catch (error) {
    failWith(abort, error)
  }
  await writer.settled()
  abort.signal.throwIfAborted()
  return catalogue.inventory()
}

function tarParser(catalogue: ArchiveCatalogue, writer: EntryWriter, abort: AbortController): Parser {
  const { signal } = abort
  const fail = (error: unknown): void => failWith(abort, error)
  const targets = new WeakMap<ReadEntry, readonly string[]>()
  const seen = new WeakSet<ReadEntry>()
  // After the first failure the rest of the chunk in hand is still parsed: admit nothing more.
  const judge = (decide: () => void): void => {
    if (signal.aborted) return
    try {
      decide()
    } catch (error) {
      fail(error)
    }
  }
  // Strict: a damaged header is an error rather than an entry silently skipped.
  const parser = new Parser({
    strict: true,
    // Called with each header before any of its content is read; `false` skips the content.
    filter: (_path, entry) => {
      const readEntry = entry as ReadEntry
      seen.add(readEntry)
      judge(() => {
        const target = catalogue.admit(readEntry)
        if (target !== null) targets.set(readEntry, target)
      })
      return targets.has(readEntry)
    },
    onReadEntry: (entry) => writer.write(entry, targets.get(entry) ?? []),
  })
  // Entries the parser skips without asking the filter: unknown types, oversized pax headers.
  parser.on('ignoredEntry', (entry: ReadEntry) => {
    if (!seen.has(entry)) judge(() => catalogue.refuseSkipped(entry))
  })
  parser.on('error', fail)
  return parser
}

/** Records the first failure, translated; later ones only follow from it. */
function failWith(abort: AbortController, error: unknown): void {
  abort.abort(translateError(error))
}

/** Writes the tar stream into the parser, waiting whenever an extracted file is behind. */
async function feed(parser: Parser, tar: AsyncIterable<Uint8Array>, signal: AbortSignal): Promise<void> {
  const waitFor = (event: string): Promise<unknown> => once(parser, event, { signal }).catch(() => signal.throwIfAborted())
  for await (const chunk of tar) {
    signal.throwIfAborted()
    // A view, not a copy: the decompressor already yields Buffers, typed here as plain bytes.
    if (!parser.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) await waitFor('drain')
    signal.throwIfAborted()
  }
  const ended = waitFor('end')
  parser.end()
  await ended
  signal.throwIfAborted()
}

import { pipeline } from 'node:stream/promises'
import { createGzip, type ZlibOptions } from 'node:zlib'
import { generateBody, type GeneratedBody } from './bodies.ts'
import { END_OF_ARCHIVE, padding, ustarHeader } from './ustar-header.ts'

/** Bytes as the analyzer receives them (the core's `ByteStream`). */
export type Bytes = AsyncIterable<Uint8Array>

export type EntryType = 'file' | 'directory' | 'symbolic-link' | 'hard-link' | 'character-device' | 'block-device' | 'fifo'

const FLAGS: Readonly<Record<EntryType, string>> = {
  file: '0',
  'hard-link': '1',
  'symbolic-link': '2',
  'character-device': '3',
  'block-device': '4',
  directory: '5',
  fifo: '6',
}

/** One entry of an archive to build, written exactly as given: nothing is normalised or refused. */
export interface TarEntry {
  readonly path: string
  /** Default `file`; `{ flag }` writes any type flag, such as GNU's sparse `S`. */
  readonly type?: EntryType | { readonly flag: string }
  readonly body?: string | Uint8Array | GeneratedBody
  readonly linkTarget?: string
  /** A pax extended header written just before the entry, e.g. `{ path: '../x' }`. */
  readonly pax?: Readonly<Record<string, string>>
}

/** The uncompressed tar stream of `entries`, produced as it is read. */
export async function* tarStream(entries: Iterable<TarEntry> | AsyncIterable<TarEntry>): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    if (entry.pax !== undefined) yield* entryBlocks(`PaxHeader/${entry.path}`.slice(0, 100), 'x', paxRecords(entry.pax))
    const type = entry.type ?? 'file'
    const flag = typeof type === 'string' ? FLAGS[type] : type.flag
    const name = type === 'directory' && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path
    yield* entryBlocks(name, flag, entry.body ?? '', entry.linkTarget)
  }
  yield END_OF_ARCHIVE
}

function* entryBlocks(name: string, flag: string, body: TarEntry['body'], linkName?: string): Generator<Uint8Array> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  const size = bytes instanceof Uint8Array ? bytes.length : (bytes?.size ?? 0)
  yield ustarHeader({ name, flag, size, ...(linkName !== undefined && { linkName }) })
  if (bytes instanceof Uint8Array) yield bytes
  else if (bytes !== undefined) yield* generateBody(bytes)
  yield padding(size)
}

/** `"<length> <key>=<value>\n"` records, where the length counts the whole record, itself included. */
function paxRecords(values: Readonly<Record<string, string>>): string {
  return Object.entries(values)
    .map(([key, value]) => {
      const rest = ` ${key}=${value}\n`
      const restLength = Buffer.byteLength(rest)
      let length = restLength + String(restLength).length
      // Counting the length's own digits may add a digit: 95 + "95" is 97, but 99 + "99" is 101.
      if (String(length).length + restLength !== length) length += 1
      return `${length}${rest}`
    })
    .join('')
}

/** Gzips a byte stream as it is read; stopping early stops the producer too. */
export function gzip(bytes: Bytes, options: ZlibOptions = {}): Bytes {
  const compressor = createGzip(options)
  // A consumer that stops early destroys the compressor, which ends this pipeline: not an error.
  pipeline(bytes, compressor).catch(() => undefined)
  return compressor
}

/** A `.tar.gz` of `entries`, built while it is read. */
export function tarGz(entries: Iterable<TarEntry> | AsyncIterable<TarEntry>, options: ZlibOptions = {}): Bytes {
  return gzip(coalesce(tarStream(entries)), options)
}

/** Joins small chunks (a header, a short body) into larger ones: gzip is slow fed block by block. */
async function* coalesce(bytes: Bytes, size = 64 * 1024): Bytes {
  let pending: Uint8Array[] = []
  let length = 0
  for await (const chunk of bytes) {
    pending.push(chunk)
    length += chunk.length
    if (length >= size) {
      yield Buffer.concat(pending)
      pending = []
      length = 0
    }
  }
  if (length > 0) yield Buffer.concat(pending)
}

/** Reads a stream whole; for small archives that a test wants to cut or corrupt. */
export async function collect(bytes: Bytes): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of bytes) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** Replays bytes as a stream, in chunks of `chunkSize`. */
export async function* replay(bytes: Uint8Array, chunkSize = 64 * 1024): Bytes {
  for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize)
}

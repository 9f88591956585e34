import type { Readable } from 'node:stream'

const BLOCK = 512

/** One entry of a tar archive: a directory, or a regular file whose content follows in `chunks`. */
export interface UstarEntry {
  /** The path inside the archive, without a leading slash. */
  readonly name: string
  readonly type: 'directory' | 'file'
  /** The file's content, in the order it comes; read it before asking for the next entry. */
  readonly chunks: AsyncIterable<Buffer>
}

/**
 * The entries of a ustar archive (what PGlite's `dumpDataDir` writes), read as it streams in, so
 * that no more than a chunk of it is in memory at once. Only for archives this package ships: it
 * knows directories and regular files, and stops at any other entry type.
 */
export async function* ustarEntries(tar: Readable): AsyncGenerator<UstarEntry> {
  const reader = new ChunkReader(tar[Symbol.asyncIterator]() as AsyncIterator<Buffer>)
  for (;;) {
    const header = await reader.take(BLOCK)
    if (header === undefined || header.every((byte) => byte === 0)) return
    const prefix = field(header, 345, 155)
    const name = `${prefix === '' ? '' : `${prefix}/`}${field(header, 0, 100)}`.replace(/^\/+/, '')
    const size = Number.parseInt(field(header, 124, 12) || '0', 8)
    const flag = String.fromCharCode(header[156] ?? 0)
    if (flag === '5') {
      yield { name, type: 'directory', chunks: empty() }
      continue
    }
    if (flag !== '0' && flag !== '\0') throw new Error(`tar entry ${name} of type ${flag}: only directories and files are expected`)
    yield { name, type: 'file', chunks: reader.stream(size) }
    await reader.skip((BLOCK - (size % BLOCK)) % BLOCK)
  }
}

function field(header: Buffer, start: number, length: number): string {
  const bytes = header.subarray(start, start + length)
  const end = bytes.indexOf(0)
  return bytes
    .subarray(0, end === -1 ? length : end)
    .toString('utf8')
    .trim()
}

async function* empty(): AsyncGenerator<Buffer> {}

/** Bytes from a stream of chunks, taken by count. */
class ChunkReader {
  #pending: Buffer = Buffer.alloc(0)
  readonly #source: AsyncIterator<Buffer>
  constructor(source: AsyncIterator<Buffer>) {
    this.#source = source
  }

  async #fill(): Promise<boolean> {
    const next = await this.#source.next()
    if (next.done === true) return false
    this.#pending = this.#pending.length === 0 ? next.value : Buffer.concat([this.#pending, next.value])
    return true
  }

  /** Exactly `length` bytes, or nothing at the end of the stream. */
  async take(length: number): Promise<Buffer | undefined> {
    while (this.#pending.length < length) if (!(await this.#fill())) return undefined
    const taken = this.#pending.subarray(0, length)
    this.#pending = this.#pending.subarray(length)
    return taken
  }

  async *stream(length: number): AsyncGenerator<Buffer> {
    for (let left = length; left > 0;) {
      if (this.#pending.length === 0 && !(await this.#fill())) throw new Error('tar archive ends inside a file')
      const part = this.#pending.subarray(0, left)
      this.#pending = this.#pending.subarray(part.length)
      left -= part.length
      yield part
    }
  }

  async skip(length: number): Promise<void> {
    if (length > 0 && (await this.take(length)) === undefined) throw new Error('tar archive ends inside its padding')
  }
}

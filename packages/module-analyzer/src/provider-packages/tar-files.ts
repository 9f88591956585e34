import type { ByteStream, TreeFile } from '@cairn/core'
import { Parser, type ReadEntry } from 'tar'
import { checkEntry } from '../archive/entry-policy.ts'
import { refusal } from '../archive/refusal.ts'

/** Entries handed over by the parser, one at a time: it emits the next only once the last has been read. */
class EntryQueue {
  readonly #entries: ReadEntry[] = []
  #ended = false
  #failure: Error | undefined
  #wake: (() => void) | undefined

  push(entry: ReadEntry): void {
    this.#entries.push(entry)
    this.#notify()
  }

  end(failure?: Error): void {
    this.#ended = true
    this.#failure ??= failure
    this.#notify()
  }

  async next(): Promise<ReadEntry | undefined> {
    for (;;) {
      if (this.#failure !== undefined) throw this.#failure
      const entry = this.#entries.shift()
      if (entry !== undefined || this.#ended) return entry
      await new Promise<void>((resolve) => (this.#wake = resolve))
    }
  }

  #notify(): void {
    this.#wake?.()
    this.#wake = undefined
  }
}

/**
 * The regular files of a tar stream, read as it arrives: the input is written to the parser as
 * fast as the files are read, so only one chunk is held at a time. Headers are judged by the
 * module archives' entry policy (no links, devices, absolute paths or `..`).
 */
export async function* tarFiles(
  tree: ByteStream,
  limits: { readonly maxFiles: number; readonly maxFileBytes: number },
): AsyncGenerator<TreeFile> {
  const queue = new EntryQueue()
  const parser = new Parser({ strict: true })
  parser.on('entry', (entry: ReadEntry) => queue.push(entry))
  parser.on('error', (error: Error) => queue.end(refusal(`is not a readable tar: ${error.message}`)))
  parser.on('end', () => queue.end())
  let stop: () => void = () => undefined
  const stopped = new Promise<'stopped'>((resolve) => (stop = () => resolve('stopped')))
  const feeding = (async () => {
    for await (const chunk of tree) {
      // The parser takes Buffers: a plain view would be read from the start of its whole ArrayBuffer.
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      const drained = parser.write(bytes) || (await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), stopped]))
      if (drained === 'stopped') return
    }
    parser.end()
  })().catch((error: unknown) => queue.end(error instanceof Error ? error : new Error(String(error))))
  let files = 0
  try {
    for (let entry = await queue.next(); entry !== undefined; entry = await queue.next()) {
      const safe = checkEntry({ path: entry.path, type: entry.type, size: entry.size ?? 0, linkpath: entry.linkpath }, limits.maxFileBytes)
      if (safe.kind === 'file') {
        files += 1
        if (files > limits.maxFiles) throw refusal(`holds more than ${limits.maxFiles} files`)
        yield { path: safe.segments.join('/'), size: safe.size, content: entry }
      }
      entry.resume()
    }
  } finally {
    stop()
    await feeding
  }
}

import { createHash } from 'node:crypto'
import { CairnError, type BlobStore, type ByteStream, type StoredBlob } from '@cairn/core'
import { assertBlobKey, assertBlobPrefix } from './blob-key.ts'

interface Entry {
  readonly content: Uint8Array
  readonly blob: StoredBlob
}

/**
 * A `BlobStore` in a map, for tests. It keeps the promises the real stores keep, so that a test
 * passing here means something: content is taken whole before it is stored (a failed or
 * oversized write leaves the previous blob), readers get the content as it was when they asked,
 * and keys are checked by the same rule.
 */
export class InMemoryBlobStore implements BlobStore {
  readonly #entries = new Map<string, Entry>()

  async put(key: string, content: ByteStream, options: { readonly maxBytes?: number } = {}): Promise<StoredBlob> {
    assertBlobKey(key)
    const { maxBytes = Number.POSITIVE_INFINITY } = options
    const chunks: Uint8Array[] = []
    let size = 0
    for await (const chunk of content) {
      size += chunk.byteLength
      if (size > maxBytes) throw CairnError.invalidField('archive', `is larger than ${maxBytes} bytes`)
      // A copy: callers may reuse their buffer once it has been handed over.
      chunks.push(chunk.slice())
    }
    const whole = Buffer.concat(chunks)
    const blob = { size, sha256: createHash('sha256').update(whole).digest('hex') }
    this.#entries.set(key, { content: whole, blob })
    return blob
  }

  async get(key: string): Promise<ByteStream> {
    assertBlobKey(key)
    const entry = this.#entries.get(key)
    if (entry === undefined) throw CairnError.notFound(`blob ${key}`)
    return oneChunk(entry.content)
  }

  async has(key: string): Promise<boolean> {
    assertBlobKey(key)
    return this.#entries.has(key)
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key)
    this.#entries.delete(key)
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertBlobPrefix(prefix)
    // A snapshot of the keys, so that a caller may delete while it lists (as the sweeper does).
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) yield key
  }
}

async function* oneChunk(content: Uint8Array): ByteStream {
  yield content.slice()
}

import { createHash } from 'node:crypto'
import { CairnError, type ByteStream, type StoredBlob } from '@cairn/core'

/**
 * Counts and hashes content as it passes through, and stops it as soon as it grows past
 * `maxBytes`, so that an oversized upload is refused without reading (or storing) the rest.
 */
export class ContentMeter {
  readonly #hash = createHash('sha256')
  readonly #maxBytes: number
  #size = 0
  #raised: unknown = undefined

  constructor(maxBytes = Number.POSITIVE_INFINITY) {
    this.#maxBytes = maxBytes
  }

  /**
   * Yields `content` unchanged. Raises `invalid` on field `archive` past `maxBytes`; leaving the
   * loop this way makes `for await` call the source's `return`, which releases it.
   */
  async *pass(content: ByteStream): ByteStream {
    try {
      for await (const chunk of content) {
        this.#size += chunk.byteLength
        if (this.#size > this.#maxBytes) {
          throw CairnError.invalidField('archive', `is larger than ${this.#maxBytes} bytes`)
        }
        this.#hash.update(chunk)
        yield chunk
      }
    } catch (error) {
      this.#raised = error
      throw error
    }
  }

  /**
   * Whether `error` came out of `pass`: the caller's content failing, or the limit. Such an error
   * is raised as it is, never translated as the store's own (a client's `ECONNRESET` is no outage).
   */
  raised(error: unknown): boolean {
    return error !== undefined && error === this.#raised
  }

  /** What passed; call once, after the content has ended. */
  measured(): StoredBlob {
    return { size: this.#size, sha256: this.#hash.digest('hex') }
  }
}

import { ZStream, Z_BUF_ERROR, Z_NO_FLUSH, Z_OK, Z_STREAM_END, zlibInflate, zlibInflateInit, zlibInflateReset } from 'pako'
import { GitTransportError } from './git-transport-error.ts'

const OUTPUT_BYTES = 64 * 1024

/**
 * Inflates one zlib stream after another as their bytes arrive, into one small buffer that each
 * piece of output is shown in and then overwritten: what a stream expands to is seen, never
 * kept. pako's low-level API, because a pack's objects are zlib streams back to back with
 * nothing between them, so where one ends (the input it did not consume) is where the next
 * object starts — which node:zlib's streams do not tell.
 */
export class ZlibMeter {
  readonly #stream = new ZStream()
  readonly #output = new Uint8Array(OUTPUT_BYTES)

  constructor() {
    zlibInflateInit(this.#stream)
  }

  /**
   * Feeds `bytes` from `start` to the current stream, showing its output to `onOutput` piece by
   * piece. Returns where the stream ended in `bytes` (the next stream starts there, with a later
   * call), or `undefined` when it consumed them all and has not ended. A broken stream is `malformed_pack`.
   */
  push(bytes: Uint8Array, start: number, onOutput: (piece: Uint8Array) => void): number | undefined {
    const stream = this.#stream
    stream.input = bytes
    stream.next_in = start
    stream.avail_in = bytes.length - start
    for (;;) {
      stream.output = this.#output
      stream.next_out = 0
      stream.avail_out = OUTPUT_BYTES
      const status = zlibInflate(stream, Z_NO_FLUSH)
      const produced = OUTPUT_BYTES - stream.avail_out
      if (produced > 0) onOutput(this.#output.subarray(0, produced))
      if (status === Z_STREAM_END) {
        const end = stream.next_in
        zlibInflateReset(this.#stream)
        return end
      }
      // Z_BUF_ERROR is no progress for want of input: the stream goes on in the next chunk.
      if (status !== Z_OK && status !== Z_BUF_ERROR) throw new GitTransportError('malformed_pack')
      if (stream.avail_in === 0 && stream.avail_out > 0) return undefined
      if (status === Z_BUF_ERROR) throw new GitTransportError('malformed_pack')
    }
  }
}

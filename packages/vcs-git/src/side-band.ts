import { GitTransportError } from './git-transport-error.ts'

const PACK_BAND = 1

/**
 * Takes the pack out of an upload-pack reply as it arrives: pkt-lines whose payload starts with
 * band 1 carry it, band 2 (progress) and 3 (the host's fatal error) do not, and neither do the
 * lines before it (protocol v0/v1's shallow, ACK and NAK; v2's section names and acknowledgments)
 * or the flush, delimiter and response-end packets. A line's payload is passed on in the pieces it
 * comes in, never gathered. Framing isomorphic-git would refuse is refused here too (as
 * `malformed_pack`), so that nothing it reads goes unread here.
 */
export class SideBand {
  readonly #onPack: (bytes: Uint8Array) => void
  readonly #length = new Uint8Array(4)
  #lengthBytes = 0
  /** Payload bytes of the current line not yet seen. */
  #remaining = 0
  /** The current line's first payload byte, once seen. */
  #band: number | undefined

  constructor(onPack: (bytes: Uint8Array) => void) {
    this.#onPack = onPack
  }

  push(chunk: Uint8Array): void {
    let at = 0
    while (at < chunk.length) {
      if (this.#remaining === 0) {
        this.#length[this.#lengthBytes++] = chunk[at++] ?? 0
        if (this.#lengthBytes === 4) this.#startLine()
      } else if (this.#band === undefined) {
        this.#band = chunk[at++]
        this.#remaining--
      } else {
        const end = Math.min(chunk.length, at + this.#remaining)
        if (this.#band === PACK_BAND) this.#onPack(chunk.subarray(at, end))
        this.#remaining -= end - at
        at = end
      }
    }
  }

  #startLine(): void {
    this.#lengthBytes = 0
    const hex = String.fromCharCode(...this.#length)
    if (!/^[0-9a-f]{4}$/i.test(hex)) throw new GitTransportError('malformed_pack')
    const length = Number.parseInt(hex, 16)
    // 0000 flush, 0001 delimiter, 0002 response end (v2): no payload.
    if (length <= 2) return
    if (length < 4) throw new GitTransportError('malformed_pack')
    this.#remaining = length - 4
    this.#band = undefined
  }
}

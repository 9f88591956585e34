import { GitTransportError } from './git-transport-error.ts'

/**
 * What isomorphic-git holds per instruction while it applies a delta (a Buffer view of the
 * copied or inserted bytes, about 125 bytes each, all kept until the result is joined): a
 * delta's instructions are counted at this much against the limit on one object, so that a
 * delta of millions of one-byte instructions cannot take a gigabyte on its own.
 */
export const INSTRUCTION_BYTES = 128
/** The most bytes a size takes as git writes it (7 bits each, 64 bits in all). */
const MAX_VARINT_BYTES = 10
/** A copy with no size bytes copies this much. */
const DEFAULT_COPY_BYTES = 0x10000

type Step = 'base-size' | 'result-size' | 'instruction' | 'copy' | 'insert'

/**
 * Reads a delta's inflated data as it is inflated, keeping only the instruction being read: the
 * sizes of its base and result (each refused past `maxObjectBytes` as soon as it is read), then
 * its instructions, whose output must add up to the result's size exactly.
 */
export class DeltaMeter {
  readonly #maxObjectBytes: number
  readonly #onResultSize: (bytes: number) => void
  #step: Step = 'base-size'
  #value = 0
  #valueBytes = 0
  #resultBytes = 0
  #produced = 0
  #instructions = 0
  /** Of a copy: the argument bytes still to come, as the instruction's flags (offset bits 0–3, size bits 4–6). */
  #copyFlags = 0
  #copyBytes = 0
  /** Of an insert: the literal bytes still to come. */
  #insertBytes = 0

  /** `onResultSize` is told the result's size once it is read. */
  constructor(maxObjectBytes: number, onResultSize: (bytes: number) => void) {
    this.#maxObjectBytes = maxObjectBytes
    this.#onResultSize = onResultSize
  }

  push(piece: Uint8Array): void {
    let at = 0
    while (at < piece.length) {
      if (this.#step === 'insert') {
        const skipped = Math.min(this.#insertBytes, piece.length - at)
        this.#insertBytes -= skipped
        at += skipped
        if (this.#insertBytes === 0) this.#step = 'instruction'
      } else {
        this.#byte(piece[at++] ?? 0)
      }
    }
  }

  /** The delta's data has ended: it must have ended between instructions, having produced its result exactly. */
  end(): void {
    if (this.#step !== 'instruction' || this.#produced !== this.#resultBytes) throw new GitTransportError('malformed_pack')
  }

  #byte(byte: number): void {
    switch (this.#step) {
      case 'base-size':
      case 'result-size':
        return this.#sizeByte(byte)
      case 'instruction':
        return this.#instruction(byte)
      case 'copy':
        return this.#copyByte(byte)
    }
  }

  #sizeByte(byte: number): void {
    this.#value += (byte & 0x7f) * 2 ** (7 * this.#valueBytes++)
    if (this.#value > this.#maxObjectBytes) throw new GitTransportError('pack_object_too_large')
    if (byte & 0x80) {
      if (this.#valueBytes === MAX_VARINT_BYTES) throw new GitTransportError('malformed_pack')
      return
    }
    if (this.#step === 'result-size') {
      this.#resultBytes = this.#value
      this.#onResultSize(this.#value)
    }
    this.#step = this.#step === 'base-size' ? 'result-size' : 'instruction'
    this.#value = 0
    this.#valueBytes = 0
  }

  #instruction(byte: number): void {
    this.#instructions++
    if (this.#instructions * INSTRUCTION_BYTES > this.#maxObjectBytes) throw new GitTransportError('pack_object_too_large')
    // git refuses the reserved instruction 0, as isomorphic-git should.
    if (byte === 0) throw new GitTransportError('malformed_pack')
    if (byte & 0x80) {
      this.#copyFlags = byte & 0x7f
      this.#copyBytes = 0
      this.#step = 'copy'
      if (this.#copyFlags === 0) this.#copied()
      return
    }
    this.#produced += byte
    this.#insertBytes = byte
    this.#step = 'insert'
  }

  #copyByte(byte: number): void {
    const flag = this.#copyFlags & -this.#copyFlags
    const bit = Math.log2(flag)
    if (bit >= 4) this.#copyBytes += byte * 2 ** (8 * (bit - 4))
    this.#copyFlags &= ~flag
    if (this.#copyFlags === 0) this.#copied()
  }

  #copied(): void {
    this.#produced += this.#copyBytes === 0 ? DEFAULT_COPY_BYTES : this.#copyBytes
    this.#step = 'instruction'
  }
}

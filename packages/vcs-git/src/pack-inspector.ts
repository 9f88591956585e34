import { DeltaMeter } from './delta-meter.ts'
import { GitTransportError } from './git-transport-error.ts'
import { ZlibMeter } from './zlib-meter.ts'

/** What a fetched pack's objects may hold, inflated; see `TransportLimits` for why each. */
export interface PackLimits {
  /** One object, and a delta's result: the analyser's limit on one file. */
  readonly maxObjectBytes: number
  /** All objects together, each delta's result counted besides the delta. */
  readonly maxInflatedBytes: number
  readonly maxObjects: number
}

const HEADER_BYTES = 12
const SIGNATURE = 0x5041434b // "PACK"
const OFS_DELTA = 6
const REF_DELTA = 7
const OBJECT_TYPES = new Set([1, 2, 3, 4, OFS_DELTA, REF_DELTA])
const OBJECT_ID_BYTES = 20
/** The most bytes a size or offset takes as git writes it (7 bits each, 64 bits in all). */
const MAX_VARINT_BYTES = 10

type Step = 'header' | 'size' | 'base-offset' | 'base-id' | 'data' | 'done'

/**
 * Reads a pack as it arrives, before isomorphic-git holds any of it inflated, and refuses it at the
 * first object past a limit: its declared size, what its zlib stream expands to, a delta's result,
 * or the pack's total or count (`pack_object_too_large`, `pack_too_large`). A size its stream
 * belies, or anything not a pack, is `malformed_pack` — so is a delta whose base offset is not
 * where an object starts, since isomorphic-git would read an "object" there (say, inside another
 * object's stored block) that nothing here has measured. Keeps the start of each object (8 bytes
 * each) and the few bytes of the header being read; what the objects expand to is only counted.
 */
export class PackInspector {
  readonly #limits: PackLimits
  readonly #zlib = new ZlibMeter()
  readonly #header = new Uint8Array(HEADER_BYTES)
  readonly #starts: number[] = []
  #step: Step = 'header'
  /** Bytes of the pack before the current chunk. */
  #offset = 0
  #stepBytes = 0
  #objectsLeft = 0
  #inflated = 0
  // The object being read.
  #start = 0
  #type = 0
  #size = 0
  #baseDistance = 0
  #produced = 0
  #delta: DeltaMeter | undefined

  constructor(limits: PackLimits) {
    this.#limits = limits
  }

  push(bytes: Uint8Array): void {
    let at = 0
    while (at < bytes.length && this.#step !== 'done') {
      if (this.#step === 'data') {
        const end = this.#zlib.push(bytes, at, (piece) => this.#output(piece))
        if (end === undefined) break
        this.#objectEnded()
        at = end
      } else {
        this.#byte(bytes[at] ?? 0, this.#offset + at)
        at++
      }
    }
    this.#offset += bytes.length
  }

  #byte(byte: number, offset: number): void {
    switch (this.#step) {
      case 'header':
        return this.#headerByte(byte)
      case 'size':
        return this.#sizeByte(byte, offset)
      case 'base-offset':
        return this.#baseOffsetByte(byte)
      case 'base-id':
        if (++this.#stepBytes === OBJECT_ID_BYTES) this.#step = 'data'
        return
    }
  }

  #headerByte(byte: number): void {
    this.#header[this.#stepBytes++] = byte
    if (this.#stepBytes < HEADER_BYTES) return
    const view = new DataView(this.#header.buffer)
    const version = view.getUint32(4)
    if (view.getUint32(0) !== SIGNATURE || (version !== 2 && version !== 3)) throw new GitTransportError('malformed_pack')
    this.#objectsLeft = view.getUint32(8)
    if (this.#objectsLeft > this.#limits.maxObjects) throw new GitTransportError('pack_too_large')
    this.#nextObject()
  }

  #sizeByte(byte: number, offset: number): void {
    if (this.#stepBytes === 0) {
      this.#start = offset
      this.#type = (byte >> 4) & 0b111
      if (!OBJECT_TYPES.has(this.#type)) throw new GitTransportError('malformed_pack')
      this.#size = byte & 0b1111
    } else {
      this.#size += (byte & 0x7f) * 2 ** (4 + 7 * (this.#stepBytes - 1))
    }
    this.#stepBytes++
    if (this.#size > this.#limits.maxObjectBytes) throw new GitTransportError('pack_object_too_large')
    if (byte & 0x80) {
      if (this.#stepBytes === MAX_VARINT_BYTES) throw new GitTransportError('malformed_pack')
      return
    }
    this.#starts.push(this.#start)
    this.#stepBytes = 0
    this.#produced = 0
    this.#delta =
      this.#type === OFS_DELTA || this.#type === REF_DELTA
        ? new DeltaMeter(this.#limits.maxObjectBytes, (bytes) => this.#count(bytes))
        : undefined
    this.#step = this.#type === OFS_DELTA ? 'base-offset' : this.#type === REF_DELTA ? 'base-id' : 'data'
  }

  /** git's offset encoding: big-endian 7-bit groups, each continuation adding one. */
  #baseOffsetByte(byte: number): void {
    this.#baseDistance = this.#stepBytes === 0 ? byte & 0x7f : (this.#baseDistance + 1) * 128 + (byte & 0x7f)
    this.#stepBytes++
    if (byte & 0x80) {
      if (this.#stepBytes === MAX_VARINT_BYTES) throw new GitTransportError('malformed_pack')
      return
    }
    if (!this.#startsAt(this.#start - this.#baseDistance)) throw new GitTransportError('malformed_pack')
    this.#step = 'data'
  }

  #output(piece: Uint8Array): void {
    this.#produced += piece.length
    if (this.#produced > this.#size) throw new GitTransportError('malformed_pack')
    this.#count(piece.length)
    this.#delta?.push(piece)
  }

  #objectEnded(): void {
    if (this.#produced !== this.#size) throw new GitTransportError('malformed_pack')
    this.#delta?.end()
    this.#objectsLeft--
    this.#nextObject()
  }

  #nextObject(): void {
    this.#stepBytes = 0
    this.#step = this.#objectsLeft === 0 ? 'done' : 'size'
  }

  #count(bytes: number): void {
    this.#inflated += bytes
    if (this.#inflated > this.#limits.maxInflatedBytes) throw new GitTransportError('pack_too_large')
  }

  /** Whether an earlier object starts at `offset` (the starts are in order: a binary search). */
  #startsAt(offset: number): boolean {
    let low = 0
    let high = this.#starts.length - 2 // the last is the delta's own start
    while (low <= high) {
      const middle = (low + high) >>> 1
      const start = this.#starts[middle] ?? 0
      if (start === offset) return true
      if (start < offset) low = middle + 1
      else high = middle - 1
    }
    return false
  }
}

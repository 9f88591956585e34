/**
 * Packs and upload-pack replies built by hand, byte by byte as git's pack format has them, for
 * tests of what reads them: honest ones and the lies a hostile host can tell.
 */
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'

export const [COMMIT, TREE, BLOB] = [1, 2, 3]
const [OFS_DELTA, REF_DELTA] = [6, 7]

/** An object's header as git writes it: type and size, 4 bits then 7 bits a byte. */
export function objectHeader(type: number, size: number): Buffer {
  const bytes = [(type << 4) | (size & 0x0f)]
  for (let rest = Math.floor(size / 16); rest > 0; rest = Math.floor(rest / 128)) {
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) | 0x80
    bytes.push(rest & 0x7f)
  }
  return Buffer.from(bytes)
}

/** A size inside a delta: 7 bits a byte, least significant first. */
function deltaSize(size: number): Buffer {
  const bytes: number[] = []
  let rest = size
  do {
    bytes.push((rest & 0x7f) | (rest >= 128 ? 0x80 : 0))
    rest = Math.floor(rest / 128)
  } while (rest > 0)
  return Buffer.from(bytes)
}

/** An OFS_DELTA's distance back to its base, in git's encoding. */
function baseDistance(distance: number): Buffer {
  const bytes = [distance & 0x7f]
  for (let rest = Math.floor(distance / 128); rest > 0; rest = Math.floor(rest / 128)) bytes.unshift(0x80 | ((rest - 1) & 0x7f))
  return Buffer.from(bytes)
}

/** A commit, tree, blob or tag of `content`, its header declaring `declared` bytes. */
export const plain = (type: number, content: Buffer, declared = content.length) =>
  Buffer.concat([objectHeader(type, declared), deflateSync(content)])
/** A delta's data: its base's and result's sizes, then its instructions. */
export const delta = (base: number, result: number, instructions: Buffer) =>
  Buffer.concat([deltaSize(base), deltaSize(result), instructions])
/** An OFS_DELTA whose base starts `distance` bytes before it. */
export const ofsDelta = (distance: number, data: Buffer) =>
  Buffer.concat([objectHeader(OFS_DELTA, data.length), baseDistance(distance), deflateSync(data)])
/** A REF_DELTA on a base of a made-up id. */
export const refDelta = (data: Buffer) => Buffer.concat([objectHeader(REF_DELTA, data.length), Buffer.alloc(20, 0xab), deflateSync(data)])
/** A copy of `size` bytes from offset 0 of the base (size bytes 1–3 as needed). */
export const copy = (size: number) => Buffer.from([0x80 | 0x10 | 0x20 | 0x40, size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff])
/** An instruction inserting `text` (at most 127 bytes). */
export const insert = (text: string) => Buffer.concat([Buffer.from([text.length]), Buffer.from(text)])

/** A version 2 pack of `objects` (or as many as `count` says), with its checksum. */
export function pack(objects: readonly Buffer[], count = objects.length): Buffer {
  const header = Buffer.alloc(12)
  header.write('PACK')
  header.writeUInt32BE(2, 4)
  header.writeUInt32BE(count, 8)
  const body = Buffer.concat([header, ...objects])
  return Buffer.concat([body, createHash('sha1').update(body).digest()])
}

/** One pkt-line of `payload`. */
export const pktLine = (payload: Buffer | string) => {
  const bytes = Buffer.from(payload)
  return Buffer.concat([Buffer.from((bytes.length + 4).toString(16).padStart(4, '0')), bytes])
}

/** An upload-pack reply of protocol v0/v1: shallow lines, a NAK, the pack on band 1 with progress on band 2 between its pieces. */
export function v1Reply(packBytes: Buffer, pieceBytes = 999): Buffer {
  const lines = [pktLine(`shallow ${'a'.repeat(40)}\n`), Buffer.from('0000'), pktLine('NAK\n')]
  for (let at = 0; at < packBytes.length; at += pieceBytes) {
    lines.push(pktLine(Buffer.concat([Buffer.from([2]), Buffer.from(`Receiving objects: ${at}\r`)])))
    lines.push(pktLine(Buffer.concat([Buffer.from([1]), packBytes.subarray(at, at + pieceBytes)])))
  }
  return Buffer.concat([...lines, Buffer.from('0000')])
}

/** The same in protocol v2's shape: sections, a delimiter, the packfile section, the response end. */
export function v2Reply(packBytes: Buffer): Buffer {
  const parts = [pktLine('acknowledgments\n'), pktLine('NAK\n'), Buffer.from('0001'), pktLine('packfile\n')]
  parts.push(pktLine(Buffer.concat([Buffer.from([2]), Buffer.from('Enumerating objects: 3, done.\n')])))
  parts.push(pktLine(Buffer.concat([Buffer.from([1]), packBytes])))
  return Buffer.concat([...parts, Buffer.from('0000')])
}

/** Where an object after `objects` starts in their pack (after its 12-byte header). */
export const startAfter = (objects: readonly Buffer[]) => 12 + objects.reduce((sum, object) => sum + object.length, 0)

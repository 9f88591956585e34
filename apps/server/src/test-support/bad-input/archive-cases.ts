import fc from 'fast-check'
import { gzipSync } from 'node:zlib'
import { withDescription } from './sent.ts'

const MAIN_TF = 'variable "name" {\n  type = string\n}\n'

/** A ustar header for `name`, then `overrides` (offset → bytes) written over it, then the checksum unless `badChecksum`. */
function tarHeader(
  name: string,
  size: number,
  overrides: readonly (readonly [number, Uint8Array])[],
  badChecksum: Uint8Array | undefined,
): Uint8Array {
  const header = new Uint8Array(512)
  const put = (offset: number, text: string) => header.set(Buffer.from(text, 'latin1'), offset)
  put(0, name)
  put(100, '0000644')
  put(108, '0001750')
  put(116, '0001750')
  put(124, size.toString(8).padStart(11, '0'))
  put(136, '15176000000')
  put(156, '0')
  put(257, 'ustar\u000000')
  for (const [offset, bytes] of overrides) header.set(bytes.subarray(0, 512 - offset), offset)
  header.fill(0x20, 148, 156)
  if (badChecksum !== undefined) header.set(badChecksum.subarray(0, 8), 148)
  else
    put(
      148,
      `${header
        .reduce((sum, byte) => sum + byte, 0)
        .toString(8)
        .padStart(6, '0')}\u0000 `,
    )
  return header
}

const TAR_FIELDS = [
  [0, 100],
  [100, 8],
  [108, 8],
  [116, 8],
  [124, 12],
  [136, 12],
  [156, 1],
  [157, 100],
  [257, 6],
  [263, 2],
  [265, 32],
  [297, 32],
  [329, 8],
  [337, 8],
  [345, 155],
] as const
const octalText = (width: number) =>
  fc
    .oneof(
      fc.string({ unit: fc.constantFrom(...'01234567'), minLength: 1, maxLength: width }),
      fc.constantFrom('77777777777', '-1', ' 1 ', '8', 'x', '\u00ff\u00ff'),
    )
    .map((text) => Buffer.from(text, 'latin1'))
const base256 = (width: number) =>
  fc.uint8Array({ minLength: width, maxLength: width }).map((bytes) => Uint8Array.from([0x80 | (bytes[0] ?? 0), ...bytes.subarray(1)]))
const fieldOverride = fc
  .constantFrom(...TAR_FIELDS)
  .chain(([offset, width]) =>
    fc.oneof(fc.uint8Array({ minLength: 1, maxLength: width }), octalText(width), base256(width)).map((bytes) => [offset, bytes] as const),
  )

export interface UploadCase {
  readonly kind: string
  readonly bytes: Uint8Array
  /** Whether a sound module may survive the damage (then 200 is a right answer too). */
  readonly mayBeSound: boolean
}

/** Archives damaged in every way: random bytes, gzip of random bytes, `sound` cut or with bits flipped, tar headers with random fields. */
export function uploadCases(sound: Uint8Array): fc.Arbitrary<UploadCase> {
  const tarOf = (...blocks: Uint8Array[]) => Buffer.concat([...blocks, new Uint8Array(1024)])
  const body = Buffer.from(MAIN_TF)
  const padded = Buffer.concat([body, new Uint8Array(512 - body.length)])
  return fc
    .oneof(
      fc.uint8Array({ maxLength: 4_096 }).map((bytes) => ({ kind: 'random bytes', bytes, mayBeSound: false })),
      fc.uint8Array({ maxLength: 8_192 }).map((bytes) => ({ kind: 'gzip of random bytes', bytes: gzipSync(bytes), mayBeSound: false })),
      fc
        .integer({ min: 0, max: sound.length - 1 })
        .map((at) => ({ kind: `sound archive cut at ${at}`, bytes: sound.subarray(0, at), mayBeSound: false })),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 3 }).map((flips) => {
        const bytes = Uint8Array.from(sound)
        for (const [at, mask] of flips) bytes[at % bytes.length] = (bytes[at % bytes.length] ?? 0) ^ mask
        return { kind: 'sound archive with flipped bits', bytes, mayBeSound: true }
      }),
      fc
        .tuple(
          fc.array(fieldOverride, { minLength: 1, maxLength: 4 }),
          fc.option(fc.uint8Array({ minLength: 8, maxLength: 8 }), { nil: undefined, freq: 4 }),
          fc.boolean(),
        )
        .map(([overrides, badChecksum, alone]) => {
          const damaged = tarHeader('main.tf', body.length, overrides, badChecksum)
          const tar = alone ? tarOf(damaged, padded) : tarOf(damaged, padded, tarHeader('outputs.tf', body.length, [], undefined), padded)
          return { kind: 'tar headers with random fields', bytes: gzipSync(tar), mayBeSound: true }
        }),
    )
    .map((value) =>
      withDescription(
        value,
        () => `${value.kind}: ${value.bytes.length} bytes ${Buffer.from(value.bytes.subarray(0, 48)).toString('hex')}…`,
      ),
    )
}

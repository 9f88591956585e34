/** The fields of one 512-byte ustar header that the builders set. */
export interface HeaderFields {
  readonly name: string
  /** The type flag: `0` file, `1` hard link, `2` symbolic link, `5` directory, `x` pax header, … */
  readonly flag: string
  readonly size: number
  readonly linkName?: string
  readonly mode?: number
}

const BLOCK = 512
const encoder = new TextEncoder()

/**
 * Encodes a POSIX ustar header by hand, checksum included, so that tests can build what no
 * well-behaved archiver writes: `..` paths, absolute paths, links, devices, unknown types.
 */
export function ustarHeader(fields: HeaderFields): Uint8Array {
  const header = new Uint8Array(BLOCK)
  const name = encoder.encode(fields.name)
  if (name.length > 100) throw new RangeError(`ustar names hold 100 bytes; use a pax path for ${fields.name}`)
  header.set(name, 0)
  writeOctal(header, 100, 8, fields.mode ?? (fields.flag === '5' ? 0o755 : 0o644))
  writeOctal(header, 108, 8, 1000) // uid
  writeOctal(header, 116, 8, 1000) // gid
  writeOctal(header, 124, 12, fields.size)
  writeOctal(header, 136, 12, 1_780_000_000) // mtime: a fixed instant, for reproducible archives
  header.set(encoder.encode(fields.flag.slice(0, 1)), 156)
  header.set(encoder.encode(fields.linkName ?? '').subarray(0, 100), 157)
  header.set(encoder.encode('ustar\u000000'), 257)
  // The checksum is the sum of all bytes with its own field read as eight spaces.
  header.fill(0x20, 148, 156)
  const sum = header.reduce((total, byte) => total + byte, 0)
  writeOctal(header, 148, 7, sum)
  return header
}

/** The zero bytes that pad a body to a whole number of blocks. */
export function padding(size: number): Uint8Array {
  return new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK)
}

/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = new Uint8Array(2 * BLOCK)

function writeOctal(header: Uint8Array, offset: number, width: number, value: number): void {
  const digits = value.toString(8).padStart(width - 1, '0')
  if (digits.length > width - 1) throw new RangeError(`${value} does not fit ${width - 1} octal digits`)
  header.set(encoder.encode(digits), offset) // followed by the NUL already there
}

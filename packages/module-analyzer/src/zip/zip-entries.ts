import { promisify } from 'node:util'
import { crc32, deflateRaw } from 'node:zlib'
import type { ArchiveFile } from './archive-files.ts'

const deflate = promisify(deflateRaw)

/** 1980-01-01 00:00 in MS-DOS form, the earliest a zip can say: no build time leaks into the bytes. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1
const DOS_TIME = 0
/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800
const DEFLATE = 8
const VERSION = 20
/** Made by Unix (3), so that the external attributes carry the file's mode. */
const MADE_BY_UNIX = (3 << 8) | VERSION
const REGULAR_FILE = 0o100000

interface CentralEntry {
  readonly name: Buffer
  readonly mode: number
  readonly crc: number
  readonly compressedSize: number
  readonly size: number
  readonly offset: number
}

/**
 * A zip of these files, as it is built: each file's local header and deflated content, then the
 * central directory. Deterministic for the same files (fixed timestamps, the files' order);
 * without zip64, which the analyzer's limits (256 MiB, 10 000 entries) never need.
 */
export async function* zipOf(files: readonly ArchiveFile[]): AsyncGenerator<Buffer> {
  const central: CentralEntry[] = []
  let offset = 0
  for (const file of files) {
    const name = Buffer.from(file.path, 'utf8')
    const data = await deflate(file.content)
    const entry = {
      name,
      mode: file.mode,
      crc: crc32(file.content),
      compressedSize: data.byteLength,
      size: file.content.byteLength,
      offset,
    }
    const header = localHeader(entry)
    yield header
    yield data
    offset += header.byteLength + data.byteLength
    central.push(entry)
  }
  const directory = Buffer.concat(central.map(centralHeader))
  yield Buffer.concat([directory, endOfCentralDirectory(central.length, directory.byteLength, offset)])
}

function localHeader(entry: CentralEntry): Buffer {
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  writeEntryFields(header, 4, entry)
  // The extra field's length stays 0.
  return Buffer.concat([header, entry.name])
}

function centralHeader(entry: CentralEntry): Buffer {
  const header = Buffer.alloc(46)
  header.writeUInt32LE(0x02014b50, 0)
  header.writeUInt16LE(MADE_BY_UNIX, 4)
  writeEntryFields(header, 6, entry)
  // Extra field, comment, disk number and internal attributes stay 0.
  header.writeUInt32LE(((REGULAR_FILE | entry.mode) << 16) >>> 0, 38)
  header.writeUInt32LE(entry.offset, 42)
  return Buffer.concat([header, entry.name])
}

/** The fields a local header and a central directory header share, in the same order, from `at`. */
function writeEntryFields(header: Buffer, at: number, entry: CentralEntry): void {
  header.writeUInt16LE(VERSION, at)
  header.writeUInt16LE(UTF8_NAMES, at + 2)
  header.writeUInt16LE(DEFLATE, at + 4)
  header.writeUInt16LE(DOS_TIME, at + 6)
  header.writeUInt16LE(DOS_DATE, at + 8)
  header.writeUInt32LE(entry.crc, at + 10)
  header.writeUInt32LE(entry.compressedSize, at + 14)
  header.writeUInt32LE(entry.size, at + 18)
  header.writeUInt16LE(entry.name.byteLength, at + 22)
}

function endOfCentralDirectory(entries: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries, 8)
  end.writeUInt16LE(entries, 10)
  end.writeUInt32LE(size, 12)
  end.writeUInt32LE(offset, 16)
  return end
}

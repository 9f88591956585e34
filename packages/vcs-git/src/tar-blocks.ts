import { Header, Pax } from 'tar'

const BLOCK = 512

/** Two zero blocks: the end of a tar archive. */
export const END_OF_ARCHIVE = new Uint8Array(2 * BLOCK)

/** An entry of a tar archive written from memory: no file system is looked at. */
export interface TarEntry {
  /** Relative, `/`-separated; a directory's ends with `/`. */
  readonly path: string
  readonly type: 'File' | 'Directory'
  readonly mode: number
  readonly size: number
  readonly mtime: Date
}

/**
 * The header of an entry, ustar as the `tar` package encodes it, preceded by a pax extended
 * header when the path does not fit ustar's fields (longer than 255 bytes, or not ASCII).
 */
export function headerOf(entry: TarEntry): Uint8Array {
  const block = Buffer.alloc(BLOCK)
  const needsPax = new Header({ ...entry, uid: 0, gid: 0, uname: '', gname: '' }).encode(block)
  return needsPax ? Buffer.concat([new Pax({ path: entry.path, mtime: entry.mtime }).encode(), block]) : block
}

// The largest time ustar's 11 octal digits hold (in the year 6325).
const MAX_USTAR_SECONDS = 0o77777777777

/**
 * `seconds` since the epoch as an entry's time. A commit's time is whatever its author wrote,
 * so one that is not a number or that ustar cannot hold is brought within 1970 and that bound.
 */
export function entryTime(seconds: number): Date {
  return new Date(Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_USTAR_SECONDS) * 1000 : 0)
}

/** The zeros that fill an entry's content of `size` bytes up to a whole block. */
export function paddingOf(size: number): Uint8Array {
  return new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK)
}

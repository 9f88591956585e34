import { formatBytes, refusal } from './refusal.ts'

/** The parts of a tar header that decide whether an entry may be read at all. */
export interface EntryHeader {
  /** The path after any pax or GNU long-name header has been applied. */
  readonly path: string
  /** The type as the `tar` package names it (`File`, `Directory`, `SymbolicLink`, …). */
  readonly type: string
  readonly size: number
  readonly linkpath?: string | undefined
}

/** An entry that is safe to read: a regular file or a directory with a path inside the archive. */
export interface SafeEntry {
  readonly kind: 'file' | 'directory'
  /** The path's segments, without `.` and empty ones; `[]` is the archive's root. */
  readonly segments: readonly string[]
  readonly size: number
}

const KINDS: Readonly<Record<string, SafeEntry['kind']>> = {
  File: 'file',
  OldFile: 'file',
  ContiguousFile: 'file',
  Directory: 'directory',
}

// Why each other type is refused, in words a module author understands.
const REFUSED_TYPES: Readonly<Record<string, string>> = {
  SymbolicLink: 'a symbolic link',
  Link: 'a hard link',
  CharacterDevice: 'a character device',
  BlockDevice: 'a block device',
  FIFO: 'a FIFO',
}

/**
 * Decides from its header alone, before any of its content is read, whether an entry may be
 * read, and refuses the whole archive (`invalid` on `archive`) when it may not. The `tar` package
 * would strip `..` and leading `/` and skip links on its own; a module archive that needs any of
 * that is refused instead, so that what is published is exactly what was uploaded.
 */
export function checkEntry(header: EntryHeader, maxEntryBytes: number): SafeEntry {
  const kind = KINDS[header.type]
  if (kind === undefined) throw refusal(typeRefusal(header))
  const segments = safeSegments(header.path)
  if (kind === 'file' && segments.length === 0) throw refusal(`holds a file without a name (\`${header.path}\`)`)
  if (header.size > maxEntryBytes) {
    throw refusal(`holds \`${header.path}\`, which is larger than ${formatBytes(maxEntryBytes)}`)
  }
  return { kind, segments, size: header.size }
}

function typeRefusal({ path, type, linkpath }: EntryHeader): string {
  const what = REFUSED_TYPES[type]
  if (what === undefined) return `holds \`${path}\` of type ${type}; only regular files and directories are allowed`
  const target = linkpath === undefined ? '' : ` to \`${linkpath}\``
  return `holds ${what} (\`${path}\`${target}); only regular files and directories are allowed`
}

// File systems commonly cap a name at 255 bytes; a longer one would fail as a write error.
const MAX_NAME_BYTES = 255

/**
 * Splits a path into segments, refusing absolute paths and any `..` whichever separator is used,
 * and names no file system could create (a NUL byte, a name over 255 bytes).
 */
export function safeSegments(path: string): string[] {
  // A drive letter or a leading separator: absolute on some system, so never relative to ours.
  if (/^([a-zA-Z]:|[\\/])/.test(path)) throw refusal(`holds an absolute path (\`${path}\`)`)
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '' && segment !== '.')
  if (segments.includes('..')) throw refusal(`holds a path that leaves the archive (\`${path}\`)`)
  if (path.includes('\0')) throw refusal(`holds a path with a NUL byte (\`${path.replaceAll('\0', '\\0')}\`)`)
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES)) {
    throw refusal(`holds a name longer than ${MAX_NAME_BYTES} bytes (\`${path}\`)`)
  }
  return segments
}

import { CairnError } from '@cairn/core'

/**
 * How much of a tree an export produces: the module analyser's limits on an archive (the server
 * passes both the same), so that a tree is refused while it is exported, as its archive would be.
 */
export interface ExportLimits {
  /** Entries of any kind (files and directories). */
  readonly maxEntries: number
  /** The uncompressed tar stream, headers and padding included. */
  readonly maxTotalBytes: number
  /** One file. */
  readonly maxEntryBytes: number
  /** The gzip tarball. */
  readonly maxArchiveBytes: number
}

/**
 * Counts what one export has produced, and refuses the tree (`invalid` on `archive`, in the
 * analyser's words) at the first limit crossed, before what crosses it is passed on.
 */
export class ExportMeter {
  readonly #limits: ExportLimits
  #entries = 0
  #expanded = 0
  #compressed = 0

  constructor(limits: ExportLimits) {
    this.#limits = limits
  }

  /** One more entry, before anything of it is read. */
  entry(): void {
    this.#entries += 1
    if (this.#entries > this.#limits.maxEntries) throw refusal(`holds more than ${this.#limits.maxEntries} entries`)
  }

  /** A file's content, as soon as its size is known. */
  file(path: string, size: number): void {
    if (size > this.#limits.maxEntryBytes)
      throw refusal(`holds \`${shown(path)}\`, which is larger than ${formatBytes(this.#limits.maxEntryBytes)}`)
  }

  /** Bytes of the tar stream. */
  expanded(bytes: number): void {
    this.#expanded += bytes
    if (this.#expanded > this.#limits.maxTotalBytes) throw refusal(`expands to more than ${formatBytes(this.#limits.maxTotalBytes)}`)
  }

  /** Bytes of the gzip tarball. */
  compressed(bytes: number): void {
    this.#compressed += bytes
    if (this.#compressed > this.#limits.maxArchiveBytes)
      throw refusal(`is larger than ${formatBytes(this.#limits.maxArchiveBytes)} compressed`)
  }
}

/** The error for a tree that is not exported; `reason` completes "the archive …". */
export function refusal(reason: string): CairnError {
  return CairnError.invalidField('archive', reason)
}

/**
 * A path from the repository, as a message shows it: control characters escaped (a NUL would
 * not even reach the database) and a long one cut, since the message is stored and shown.
 */
export function shown(path: string): string {
  const escaped = path.replace(/\p{Cc}/gu, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return escaped.length > 200 ? `${escaped.slice(0, 200)}…` : escaped
}

/** `16 MiB`, `512 KiB`, `300 bytes`, as the analyser words its limits. */
function formatBytes(bytes: number): string {
  const oneDecimal = (value: number) => value.toFixed(1).replace(/\.0$/, '')
  if (bytes >= 1024 * 1024) return `${oneDecimal(bytes / (1024 * 1024))} MiB`
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KiB`
  return `${bytes} bytes`
}

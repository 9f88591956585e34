import { tmpdir } from 'node:os'

const KiB = 1024
const MiB = 1024 * KiB

/**
 * How much of an untrusted archive the analyzer is willing to read. Every limit is checked while
 * the archive streams in, and reading stops at the first one crossed.
 */
export interface ArchiveLimits {
  /** Compressed size of the archive. Default 64 MiB. */
  readonly maxArchiveBytes: number
  /** Size of the uncompressed tar stream (headers and padding included). Default 256 MiB. */
  readonly maxTotalBytes: number
  /** Entries of any kind (files and directories). Default 10 000. */
  readonly maxEntries: number
  /** Size of one entry, whether or not it is analysed. Default 16 MiB. */
  readonly maxEntryBytes: number
  /**
   * Uncompressed bytes per compressed byte, checked once 1 MiB has been expanded (tar padding
   * alone makes tiny archives expand 50-fold). Text compresses 5–20-fold; a run of zeros 1000-fold.
   * Default 200.
   */
  readonly maxCompressionRatio: number
  /**
   * Size of one `.tf`/`.tf.json` file. The HCL parser needs about 100 MB of memory and a second of
   * CPU per MiB of input, and its WebAssembly heap never shrinks, so this stays far below
   * `maxEntryBytes`. Default 512 KiB.
   */
  readonly maxConfigurationFileBytes: number
  /** All `.tf`/`.tf.json` files that are analysed, together. Default 4 MiB. */
  readonly maxConfigurationBytes: number
  /** One README, which is kept in the metadata. Default 1 MiB. */
  readonly maxReadmeBytes: number
  /** All READMEs together (root, submodules, examples): the metadata is stored whole. Default 1 MiB. */
  readonly maxReadmeBytesInTotal: number
  /** `modules/<name>` and `examples/<name>` directories together. Default 200. */
  readonly maxParts: number
  /** Inputs, outputs and resources (each counted on its own) that one part may declare. Default 1000. */
  readonly maxDeclarationsPerPart: number
}

/** What `TarModuleAnalyzer` can be given; anything left out takes its default. */
export interface TarModuleAnalyzerOptions extends Partial<ArchiveLimits> {
  /** Where the per-analysis temporary directory is created. Default `os.tmpdir()`. */
  readonly tempRoot?: string
  /**
   * How long one `.tf` file may take to parse, waiting for a parser thread included; the thread
   * is then terminated and replaced. Default 10 s (a 512 KiB file takes under 1 s).
   */
  readonly parseTimeoutMs?: number
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxArchiveBytes: 64 * MiB,
  maxTotalBytes: 256 * MiB,
  maxEntries: 10_000,
  maxEntryBytes: 16 * MiB,
  maxCompressionRatio: 200,
  maxConfigurationFileBytes: 512 * KiB,
  maxConfigurationBytes: 4 * MiB,
  maxReadmeBytes: 1 * MiB,
  maxReadmeBytesInTotal: 1 * MiB,
  maxParts: 200,
  maxDeclarationsPerPart: 1000,
}

export interface ResolvedOptions {
  readonly limits: ArchiveLimits
  readonly tempRoot: string
  readonly parseTimeoutMs: number
}

/** Fills in the defaults; a limit that is not a positive number is a programming error. */
export function resolveOptions(options: TarModuleAnalyzerOptions): ResolvedOptions {
  const { tempRoot = tmpdir(), parseTimeoutMs = 10_000, ...given } = options
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...given }
  for (const [name, value] of Object.entries({ ...limits, parseTimeoutMs })) {
    if (!(value > 0)) throw new RangeError(`${name} must be a positive number, got ${value}`)
  }
  return { limits, tempRoot, parseTimeoutMs }
}

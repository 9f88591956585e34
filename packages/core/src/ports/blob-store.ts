import type { ByteStream } from './module-analyzer.ts'

/** What a blob store knows of a stored blob. */
export interface StoredBlob {
  readonly size: number
  /** Lower-case hex SHA-256 of the content. */
  readonly sha256: string
}

/**
 * Opaque content by key (`modules/<version id>/<attempt>.tar.gz`). Keys are made by Cairn, never
 * by clients: `/`-separated segments of letters, digits, `-`, `_` and `.`, none empty or starting
 * with a dot, at most 1024 characters; adapters refuse anything else with `invalid` on `key`.
 * `list` matches prefixes as S3 does: `mod` matches `modules/…`.
 */
export interface BlobStore {
  /**
   * Streams `content` into `key`, replacing any blob there, atomically: readers see the old blob
   * or the whole new one, never part of it. Raises `invalid` on field `archive` (and keeps
   * nothing) when the content exceeds `maxBytes`.
   */
  put(key: string, content: ByteStream, options?: { readonly maxBytes?: number }): Promise<StoredBlob>
  /** The content of `key`. Raises `not_found` when there is none. */
  get(key: string): Promise<ByteStream>
  /** Whether a blob is stored at `key`. */
  has(key: string): Promise<boolean>
  /** Removes `key`; removing an absent key is not an error. */
  delete(key: string): Promise<void>
  /** Every key under `prefix`, for sweeping orphans; in no particular order. */
  list(prefix: string): AsyncIterable<string>
}

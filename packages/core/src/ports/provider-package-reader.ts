import type { ByteStream } from './module-analyzer.ts'

/** A regular file of an uploaded tree, its path relative to the tree's root (`/`-separated, no `.` or `..`). */
export interface TreeFile {
  readonly path: string
  readonly size: number
  /** Read it, or leave it, before asking for the next file: the tree is read as it streams in. */
  readonly content: ByteStream
}

/** Reading provider packages as the CLI does: the `h1:` hash of a zip, and the files of a `terraform providers mirror` tree sent as a tar. */
export interface ProviderPackageReader {
  /**
   * The `h1:` hash of a provider zip: the dirhash (Go's `dirhash.Hash1`) of the files in it, as
   * the CLI records it in the lock file. Reads the zip as it streams, holding none of it. Raises
   * `invalid` on `archive` when it is not a readable zip.
   */
  h1Of(zip: ByteStream): Promise<string>
  /**
   * The regular files of a tar (gzipped or not), in the tar's order; directories are skipped.
   * Raises `invalid` on `archive`, as soon as it reads one, for an entry that is a link or a
   * device, an absolute path or one with `..`, more than `maxFiles` files, or a tar that is not
   * one.
   */
  filesOf(tree: ByteStream, limits: { readonly maxFiles: number; readonly maxFileBytes: number }): AsyncIterable<TreeFile>
}

import type { ByteStream } from './module-analyzer.ts'

/** Repacks a module's stored archive as the zip that OCI clients install (OpenTofu's `archive/zip` layer). */
export interface ModuleZipper {
  /**
   * The archive's regular files, with their paths, as a zip with the module at its root, streamed
   * as it is built. The same archive gives the same bytes on one build of the adapter; Cairn
   * stores the first zip it builds for an archive and never builds it again. Raises `invalid` on
   * `archive` (while streaming) when the archive is not a safe gzip tarball.
   */
  zip(archive: ByteStream): ByteStream
}

import type { ModuleMetadata } from '../modules/module-metadata.ts'

/** Bytes, as they arrive; a port of its own so that the core needs no stream library. */
export type ByteStream = AsyncIterable<Uint8Array>

/** Reads a module archive (a gzip tarball with the module at its root) into metadata. */
export interface ModuleAnalyzer {
  /**
   * Analyses the archive without trusting it. Raises `invalid` on field `archive`, with a message
   * a person can act on, when it is not a gzip tarball, holds an unsafe entry (path traversal,
   * absolute path, link, device), exceeds a configured limit, or has no `.tf`/`.tf.json` file at
   * its root; and on field `configuration` when a configuration file does not parse. Leaves no
   * file behind, whatever happens.
   */
  analyze(archive: ByteStream): Promise<ModuleMetadata>
}

import type { ByteStream, ModuleZipper } from '@cairn/core'
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from '../analyzer-options.ts'
import { archiveFiles } from './archive-files.ts'
import { zipOf } from './zip-entries.ts'

/**
 * Repacks a module's gzip tarball as a zip (OpenTofu's `archive/zip` OCI layer) with the same
 * regular files at the same paths and modes. The archive was analysed before it was stored; it is
 * judged again by the same entry policy, under the analyzer's limits, since the blob store is
 * trusted no more than an upload. A file's content is held, deflated, until the zip is read.
 */
export class TarModuleZipper implements ModuleZipper {
  readonly #limits: Pick<ArchiveLimits, 'maxEntryBytes' | 'maxEntries'>

  /** `limits` are the analyzer's (`TarModuleAnalyzerOptions`), so that whatever it accepted can be zipped. */
  constructor(limits: Partial<Pick<ArchiveLimits, 'maxEntryBytes' | 'maxEntries'>> = {}) {
    this.#limits = { ...DEFAULT_ARCHIVE_LIMITS, ...limits }
  }

  async *zip(archive: ByteStream): ByteStream {
    yield* zipOf(await archiveFiles(archive, this.#limits))
  }
}

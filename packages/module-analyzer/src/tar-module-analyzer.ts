import type { ByteStream, ModuleAnalyzer, ModuleMetadata } from '@cairn/core'
import { mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { resolveOptions, type ResolvedOptions, type TarModuleAnalyzerOptions } from './analyzer-options.ts'
import type { ArchiveInventory } from './archive/archive-catalogue.ts'
import { extractArchive } from './archive/extract-archive.ts'
import { refusal } from './archive/refusal.ts'
import { HclParserPool } from './configuration/hcl-parser-pool.ts'
import { readModule } from './configuration/read-module.ts'

/** The prefix of the temporary directories the analyzer creates (and always removes). */
export const TEMP_DIRECTORY_PREFIX = 'cairn-module-'

/**
 * Reads module archives (`.tar.gz`, the module at the root) with the `tar` package and parses
 * their configuration with `@cdktf/hcl2json` in worker threads. Each analysis streams the archive
 * into a fresh temporary directory, extracting only the files it reads, and removes the directory
 * whatever happens. Limits are documented on `ArchiveLimits`. `close()` ends the parser threads.
 */
export class TarModuleAnalyzer implements ModuleAnalyzer {
  readonly #options: ResolvedOptions
  // Started on the first analysis: each parser thread loads a WebAssembly module of about 20 MB.
  #parser: HclParserPool | undefined

  /** Raises a `RangeError` when a limit is not a positive number. */
  constructor(options: TarModuleAnalyzerOptions = {}) {
    this.#options = resolveOptions(options)
  }

  async analyze(archive: ByteStream): Promise<ModuleMetadata> {
    const directory = await mkdtemp(join(this.#options.tempRoot, TEMP_DIRECTORY_PREFIX))
    try {
      const inventory = await extractArchive(archive, directory, this.#options.limits)
      requireRootConfiguration(inventory)
      this.#parser ??= new HclParserPool(this.#options.parseTimeoutMs)
      return await readModule(directory, inventory.parts, this.#parser, this.#options.limits)
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  }

  /** Ends the parser threads; an analysis still parsing is refused. */
  async close(): Promise<void> {
    await this.#parser?.close()
  }
}

function requireRootConfiguration({ rootHasConfiguration, nestedConfiguration }: ArchiveInventory): void {
  if (rootHasConfiguration) return
  if (nestedConfiguration === null) throw refusal('has no .tf or .tf.json file at its root')
  throw refusal(
    `has no .tf or .tf.json file at its root, only in \`${nestedConfiguration}/\`; ` +
      'archive the contents of the module directory, not the directory itself',
  )
}

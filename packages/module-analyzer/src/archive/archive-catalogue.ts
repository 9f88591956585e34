import type { ArchiveLimits } from '../analyzer-options.ts'
import { checkEntry, type EntryHeader } from './entry-policy.ts'
import { enclosingPart, isConfigurationFile, roleOf } from './module-layout.ts'
import { formatBytes, refusal } from './refusal.ts'

/** What the archive holds, as far as the analysis needs to know beyond the files it extracted. */
export interface ArchiveInventory {
  /** Every `modules/<name>` and `examples/<name>` directory, including those with no configuration. */
  readonly parts: ReadonlySet<string>
  readonly rootHasConfiguration: boolean
  /** The shallowest directory below the root holding configuration, to say where the module went. */
  readonly nestedConfiguration: string | null
}

/**
 * Admits the archive's entries one header at a time, in order, enforcing the limits that can be
 * judged from headers, and remembers what the analysis needs. Raises `invalid` on `archive` at
 * the first entry that breaks a rule.
 */
export class ArchiveCatalogue {
  readonly #limits: ArchiveLimits
  readonly #files = new Set<string>()
  readonly #parts = new Set<string>()
  #entries = 0
  #configurationBytes = 0
  #readmeBytes = 0
  #rootHasConfiguration = false
  #nestedConfiguration: string | null = null

  constructor(limits: ArchiveLimits) {
    this.#limits = limits
  }

  /** Returns the segments of the path to extract the entry to, or null when it is not extracted. */
  admit(header: EntryHeader): readonly string[] | null {
    this.#count()
    const entry = checkEntry(header, this.#limits.maxEntryBytes)
    const part = enclosingPart(entry.segments, entry.kind === 'directory')
    if (part !== null && part !== '') this.#addPart(part)
    if (entry.kind === 'directory') return null
    const path = entry.segments.join('/')
    // A second copy would overwrite the first, so which one is analysed would depend on the order.
    if (this.#files.has(path)) throw refusal(`lists \`${path}\` twice`)
    this.#files.add(path)
    this.#noteConfiguration(entry.segments)
    const role = roleOf(entry.segments)
    if (role === 'configuration') this.#budgetConfiguration(path, entry.size)
    if (role === 'readme') this.#budgetReadme(path, entry.size)
    return role === null ? null : entry.segments
  }

  /** For an entry the `tar` package skips on its own: a type it does not know, an oversized pax header. */
  refuseSkipped(header: EntryHeader): never {
    this.#count()
    throw refusal(`holds \`${header.path}\` of type ${header.type}, which cannot be read safely`)
  }

  inventory(): ArchiveInventory {
    return {
      parts: this.#parts,
      rootHasConfiguration: this.#rootHasConfiguration,
      nestedConfiguration: this.#nestedConfiguration,
    }
  }

  #count(): void {
    this.#entries += 1
    if (this.#entries > this.#limits.maxEntries) throw refusal(`holds more than ${this.#limits.maxEntries} entries`)
  }

  #noteConfiguration(segments: readonly string[]): void {
    const name = segments.at(-1) ?? ''
    if (!isConfigurationFile(name)) return
    if (segments.length === 1) {
      this.#rootHasConfiguration = true
      return
    }
    const directory = segments.slice(0, -1).join('/')
    const shallowest = this.#nestedConfiguration
    if (shallowest === null || directory.split('/').length < shallowest.split('/').length) {
      this.#nestedConfiguration = directory
    }
  }

  #addPart(part: string): void {
    this.#parts.add(part)
    const { maxParts } = this.#limits
    if (this.#parts.size > maxParts) throw refusal(`holds more than ${maxParts} submodules and examples together`)
  }

  #budgetReadme(path: string, size: number): void {
    const { maxReadmeBytes, maxReadmeBytesInTotal } = this.#limits
    if (size > maxReadmeBytes) throw refusal(`holds a README larger than ${formatBytes(maxReadmeBytes)} (\`${path}\`)`)
    this.#readmeBytes += size
    if (this.#readmeBytes > maxReadmeBytesInTotal) {
      throw refusal(
        `holds more than ${formatBytes(maxReadmeBytesInTotal)} of READMEs in total (reached at \`${path}\`); ` +
          'shorten the READMEs of the examples and submodules',
      )
    }
  }

  #budgetConfiguration(path: string, size: number): void {
    const { maxConfigurationFileBytes, maxConfigurationBytes } = this.#limits
    if (size > maxConfigurationFileBytes) {
      throw refusal(`holds a configuration file larger than ${formatBytes(maxConfigurationFileBytes)} (\`${path}\`)`)
    }
    this.#configurationBytes += size
    if (this.#configurationBytes > maxConfigurationBytes) {
      throw refusal(`holds more than ${formatBytes(maxConfigurationBytes)} of configuration to analyse`)
    }
  }
}

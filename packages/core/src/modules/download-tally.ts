import type { UnitOfWork } from '../ports/unit-of-work.ts'

/**
 * Downloads counted in memory and written in batches, so a download answer writes nothing: on
 * PostgreSQL, concurrent increments of one row inside the request's serializable transaction
 * would make downloads of a popular version retry each other. A flush adds each version's count
 * in place; counts a failed flush could not write are kept for the next one. What a crash loses
 * is at most one flush interval of counts.
 */
export class DownloadTally {
  readonly #unitOfWork: UnitOfWork
  #pending = new Map<string, number>()

  constructor(unitOfWork: UnitOfWork) {
    this.#unitOfWork = unitOfWork
  }

  record(versionId: string): void {
    this.#pending.set(versionId, (this.#pending.get(versionId) ?? 0) + 1)
  }

  /** Writes what was counted since the last flush. */
  async flush(): Promise<void> {
    if (this.#pending.size === 0) return
    const batch = this.#pending
    this.#pending = new Map()
    try {
      await this.#unitOfWork.run(({ registryModules }) => registryModules.addDownloads(batch))
    } catch (error) {
      for (const [versionId, count] of batch) this.#pending.set(versionId, (this.#pending.get(versionId) ?? 0) + count)
      throw error
    }
  }
}

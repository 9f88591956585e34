/**
 * Versions a write of counts takes at most: 75–150 ms of the embedded database's thread on the
 * benchmark's 100,000 versions. Smaller writes (500, 250) made the stalls shorter but more
 * frequent, and did not lower the p99 of a spread download load.
 */
export const DOWNLOADS_PER_WRITE = 2_000

/** What a flush wrote: so many downloads, of so many versions (or provider platforms). */
export interface DownloadsWritten {
  readonly downloads: number
  readonly versions: number
}

/**
 * Downloads (of module versions, or of provider platforms) counted in memory by id and written
 * in batches by `write`, so a download answer writes nothing: on
 * PostgreSQL, concurrent increments of one row inside the request's serializable transaction
 * would make downloads of a popular version retry each other. A flush adds each version's count
 * in place, a statement per batch committed on its own (an addition needs no serializable
 * transaction); counts a failed flush could not write are kept for the next one. What a crash
 * loses is at most one flush interval of counts; a connection lost while a batch was being added
 * may count that batch twice, as the store cannot tell whether it landed.
 *
 * A flush writes at most `DOWNLOADS_PER_WRITE` versions at a time, and lets other work run between
 * two writes: on the embedded database a write runs on the server's own thread, and one of the
 * 20,000 versions a spread load downloads in a flush interval held every request for 0.7 s.
 */
export class DownloadTally {
  readonly #write: (counts: ReadonlyMap<string, number>) => Promise<void>
  #pending = new Map<string, number>()

  /** `write` adds the counts in one statement committed on its own (`UnitOfWork.autocommit`). */
  constructor(write: (counts: ReadonlyMap<string, number>) => Promise<void>) {
    this.#write = write
  }

  record(id: string): void {
    this.#pending.set(id, (this.#pending.get(id) ?? 0) + 1)
  }

  /** Writes what was counted since the last flush, and says how much that was. */
  async flush(): Promise<DownloadsWritten> {
    const batch = [...this.#pending]
    this.#pending = new Map()
    for (let start = 0; start < batch.length; start += DOWNLOADS_PER_WRITE) {
      // A timer, not a microtask: the requests waiting on their sockets are served before the next write.
      if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0))
      const counts = new Map(batch.slice(start, start + DOWNLOADS_PER_WRITE))
      try {
        await this.#write(counts)
      } catch (error) {
        for (const [id, count] of batch.slice(start)) this.#pending.set(id, (this.#pending.get(id) ?? 0) + count)
        throw error
      }
    }
    return { downloads: batch.reduce((sum, [, count]) => sum + count, 0), versions: batch.length }
  }
}

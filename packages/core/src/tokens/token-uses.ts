import type { UnitOfWork } from '../ports/unit-of-work.ts'

/** How precisely a token's last use is kept: a request within a minute of the last one recorded adds nothing to write. */
export const TOKEN_USE_PRECISION_MS = 60_000

/**
 * When tokens were last used, noted in memory as they authenticate requests and written in one
 * statement by `flush` (every few seconds, with the download counts) through the unit of work
 * that clears no cache: a write per request would empty every cache of every process on the
 * registry's busiest path. Times are kept to the minute; what a crash loses is at most one flush
 * interval of them.
 */
export class TokenUses {
  readonly #unitOfWork: UnitOfWork
  #pending = new Map<string, Date>()
  readonly #written = new Map<string, number>()

  constructor(unitOfWork: UnitOfWork) {
    this.#unitOfWork = unitOfWork
  }

  record(tokenId: string, at: Date): void {
    const minute = Math.floor(at.getTime() / TOKEN_USE_PRECISION_MS) * TOKEN_USE_PRECISION_MS
    if ((this.#written.get(tokenId) ?? -1) >= minute) return
    this.#written.set(tokenId, minute)
    this.#pending.set(tokenId, new Date(minute))
  }

  /** Writes the uses noted since the last flush; says how many tokens it wrote. A failed write keeps them for the next. */
  async flush(): Promise<number> {
    const batch = this.#pending
    this.#pending = new Map()
    if (batch.size === 0) return 0
    try {
      await this.#unitOfWork.autocommit(({ tokens }) => tokens.recordUses(batch))
    } catch (error) {
      for (const [id, at] of batch) if (!this.#pending.has(id)) this.#pending.set(id, at)
      throw error
    }
    // Only the latest minute of each token is remembered, so the memory follows the tokens in use, not the requests.
    if (this.#written.size > 100_000) this.#written.clear()
    return batch.size
  }
}

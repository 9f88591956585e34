import type { StoreChanges } from '@cairn/core'
import type { SqlEntityManager } from '@mikro-orm/sql'

/**
 * How often each process reads the sequence: with the read's round trip, the longest another
 * process may serve from its caches what a write committed here changed.
 */
export const CHANGE_POLL_MS = 1_000

/**
 * Hears when the feed's reads start failing, with the first failure, and when one succeeds again:
 * while they fail, every read empties the caches, which shows only as slower reads, so an
 * operator must be told.
 */
export interface ChangeFeedWatcher {
  failing(error: Error): void
  recovered(): void
}

/**
 * The change feed of processes sharing a PostgreSQL database: a sequence (`store_changes`) that
 * each process bumps with `nextval` after every write it commits, and that each reads every
 * `CHANGE_POLL_MS`; whenever it moved, the subscribers clear their caches. One trivial statement
 * a second per process, on any pooled connection (PgBouncer's transaction pooling included):
 * simpler than LISTEN/NOTIFY, which would hold a session of its own and lose what was sent while
 * it reconnects. A sequence is not transactional, so a bump is seen by the next read anywhere.
 *
 * A read that fails calls the subscribers too (what changed meanwhile cannot be known), and so
 * does the first, since whatever was cached before it may predate a write. An announcement that
 * fails is made again before the next read. A move made only of this process's own announcements
 * calls nobody: its writes emptied its caches when they committed.
 */
export class PostgresStoreChanges implements StoreChanges {
  readonly #em: SqlEntityManager
  readonly #sequence: string
  readonly #listeners: (() => void)[] = []
  /** The last value handed out, as the last read found it; undefined before the first and after a failed one. */
  #seen: bigint | undefined
  /** The values this process's announcements drew that no read has passed yet. */
  readonly #own = new Set<bigint>()
  #unannounced = false
  /** Counts `announce` calls, so that a retried bump does not settle an announcement made after it started. */
  #announcements = 0
  #timer: ReturnType<typeof setTimeout> | undefined
  #polling: Promise<void> = Promise.resolve()
  #stopped = false
  readonly #watcher: ChangeFeedWatcher | undefined
  #failing = false

  /** `schema` qualifies the sequence, as the ORM qualifies tables. */
  constructor(em: SqlEntityManager, schema: string | undefined, watcher?: ChangeFeedWatcher) {
    this.#em = em
    this.#sequence = schema === undefined ? '"store_changes"' : `"${schema}"."store_changes"`
    this.#watcher = watcher
  }

  async announce(): Promise<void> {
    this.#unannounced = true
    this.#announcements += 1
    await this.#bump()
  }

  /** Starts the reads with the first subscriber. */
  subscribe(listener: () => void): void {
    this.#listeners.push(listener)
    if (this.#listeners.length === 1) this.#schedule()
  }

  /** Reads no more, and waits for a read under way to end. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#polling
  }

  async #bump(): Promise<void> {
    const announcements = this.#announcements
    try {
      const [row] = await this.#em.execute<{ value: string }[]>(`select nextval('${this.#sequence}') as value`)
      if (row !== undefined) this.#own.add(BigInt(row.value))
      // A write announced while this ran may have committed after its nextval: it needs one more.
      if (announcements === this.#announcements) this.#unannounced = false
    } catch {
      // Left to the next poll: the database is likely unreachable, which the others' reads notice.
    }
  }

  #schedule(): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#polling = this.#poll().finally(() => this.#schedule())
    }, CHANGE_POLL_MS)
    // A process with nothing else to do exits rather than wait for the next read.
    this.#timer.unref()
  }

  async #poll(): Promise<void> {
    if (this.#unannounced) await this.#bump()
    const now = await this.#read()
    if (now === undefined || this.#seen === undefined || !this.#onlyOwnBetween(this.#seen, now))
      for (const listener of this.#listeners) listener()
    this.#seen = now
    if (now !== undefined) for (const value of this.#own) if (value <= now) this.#own.delete(value)
  }

  /** Whether every value handed out after `seen`, up to `now`, was drawn by this process. */
  #onlyOwnBetween(seen: bigint, now: bigint): boolean {
    if (now < seen || now - seen > BigInt(this.#own.size)) return false
    for (let value = seen + 1n; value <= now; value++) if (!this.#own.has(value)) return false
    return true
  }

  async #read(): Promise<bigint | undefined> {
    let row: { last_value: string; is_called: boolean } | undefined
    try {
      ;[row] = await this.#em.execute<{ last_value: string; is_called: boolean }[]>(`select last_value, is_called from ${this.#sequence}`)
    } catch (error) {
      // The next read that works tells the subscribers whatever moved: what was drawn meanwhile need not be kept.
      this.#own.clear()
      if (!this.#failing) {
        this.#failing = true
        this.#tellWatcher((watcher) => watcher.failing(error instanceof Error ? error : new Error(String(error))))
      }
      return undefined
    }
    if (this.#failing) {
      this.#failing = false
      this.#tellWatcher((watcher) => watcher.recovered())
    }
    // A sequence never bumped reads as its start value, as after its first bump: is_called tells them apart.
    return row === undefined ? undefined : BigInt(row.last_value) - (row.is_called ? 0n : 1n)
  }

  /** A watcher that throws (a host's logger) must not stop the reads. */
  #tellWatcher(tell: (watcher: ChangeFeedWatcher) => void): void {
    try {
      if (this.#watcher !== undefined) tell(this.#watcher)
    } catch {
      // Nothing to report it to: the watcher is where it would go.
    }
  }
}

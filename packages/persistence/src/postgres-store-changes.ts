import type { StoreChanges } from '@cairn/core'
import type { SqlEntityManager } from '@mikro-orm/sql'

/**
 * How often each process reads the sequence: with the read's round trip, the longest another
 * process may serve from its caches what a write committed here changed.
 */
export const CHANGE_POLL_MS = 1_000

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
 * fails is made again before the next read.
 */
export class PostgresStoreChanges implements StoreChanges {
  readonly #em: SqlEntityManager
  readonly #sequence: string
  readonly #listeners: (() => void)[] = []
  /** What the last read found; undefined before the first and after a failed one. */
  #seen: string | undefined
  #unannounced = false
  #timer: ReturnType<typeof setTimeout> | undefined
  #polling: Promise<void> = Promise.resolve()
  #stopped = false

  /** `schema` qualifies the sequence, as the ORM qualifies tables. */
  constructor(em: SqlEntityManager, schema: string | undefined) {
    this.#em = em
    this.#sequence = schema === undefined ? '"store_changes"' : `"${schema}"."store_changes"`
  }

  async announce(): Promise<void> {
    this.#unannounced = true
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
    try {
      await this.#em.execute(`select nextval('${this.#sequence}')`)
      this.#unannounced = false
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
    if (now === undefined || now !== this.#seen) for (const listener of this.#listeners) listener()
    this.#seen = now
  }

  async #read(): Promise<string | undefined> {
    try {
      const [row] = await this.#em.execute<{ last_value: string; is_called: boolean }[]>(`select last_value, is_called from ${this.#sequence}`)
      // A sequence never bumped reads as its start value, as after its first bump: is_called tells them apart.
      return row === undefined ? undefined : `${row.last_value}:${String(row.is_called)}`
    } catch {
      return undefined
    }
  }
}

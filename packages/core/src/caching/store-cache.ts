import type { ExpiringCache } from '../ports/expiring-cache.ts'
import type { WriteSignal } from './store-writes.ts'

/**
 * What reads found in the store, kept in an expiring cache until the next write the signal hears
 * (this process's own or one another process announced): a revoked token, a suspended user, a
 * changed membership, a published or deleted version is seen on the very next request. The time
 * an entry lives only bounds what nobody announced.
 *
 * A load that was running while a write ended may have read the state before it, so its result
 * is not kept: a load keeps its entry only if the signal's generation did not move while it ran.
 */
export class StoreCache<V> {
  readonly #cache: ExpiringCache<V>
  readonly #writes: WriteSignal

  constructor(cache: ExpiringCache<V>, writes: WriteSignal) {
    this.#cache = cache
    this.#writes = writes
    writes.subscribe(() => cache.clear())
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.peek(key)
    if (cached !== undefined) return cached
    const since = this.#writes.generation
    const loaded = await load()
    this.keep(key, loaded, since)
    return loaded
  }

  /** What is kept for `key`, if anything: for callers that load and decide what to keep themselves. */
  peek(key: string): V | undefined {
    return this.#cache.get(key)
  }

  /**
   * Keeps `value` under `key`, unless a write was heard since the signal's generation was `since`
   * (read before the load began): what was loaded may predate that write.
   */
  keep(key: string, value: V, since: number): void {
    if (since === this.#writes.generation) this.#cache.set(key, value)
  }
}

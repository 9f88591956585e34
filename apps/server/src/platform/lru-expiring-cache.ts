import type { ExpiringCache } from '@cairn/core'
import { LRUCache } from 'lru-cache'

/**
 * How long an entry lives. Writes clear the caches of this process at once and those of every
 * other process sharing the database within the change feed's bound (`StoreChanges`), so this is
 * only the safety net for what nobody announced: rows changed by hand in the database, or a
 * process that died between a commit and its announcement. Five minutes keeps that window short
 * for an operator, while reloading a hot set of 10,000 module providers costs the database about
 * 33 statements a second, next to the thousands of requests a second they serve.
 */
export const CACHE_TTL_MS = 5 * 60_000

/**
 * V8 heap bytes per character of an entry's JSON: a typical module provider's 10 protocol
 * versions (the `network` fixture's requirements) weigh 19 KB of heap for 9 KB of JSON, and
 * tokens' and grants' small objects and strings weigh about as much per character.
 */
const HEAP_BYTES_PER_JSON_CHAR = 2

/**
 * A cache of a server process: bounded by the estimated heap its entries take (`lru-cache`, the
 * least recently used leave first), entries expire after the TTL.
 */
export class LruExpiringCache<V extends object> implements ExpiringCache<V> {
  readonly #entries: LRUCache<string, V>
  readonly #onLookup: (hit: boolean) => void

  /**
   * `onLookup` hears whether each `get` found its key (for the cache's hit ratio); `sizeOf` says
   * what an entry weighs where the estimate from its JSON would be wrong (bytes, not objects). A
   * value over `maxBytes` is not kept.
   */
  constructor(options: {
    readonly maxBytes: number
    readonly sizeOf?: (value: V, key: string) => number
    readonly ttlMs?: number
    readonly onLookup?: (hit: boolean) => void
  }) {
    this.#entries = new LRUCache<string, V>({
      maxSize: options.maxBytes,
      // Only on a miss, which has just read the store and parsed as much JSON.
      sizeCalculation: options.sizeOf ?? ((value, key) => (key.length + JSON.stringify(value).length) * HEAP_BYTES_PER_JSON_CHAR),
      ttl: options.ttlMs ?? CACHE_TTL_MS,
    })
    this.#onLookup = options.onLookup ?? (() => undefined)
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key)
    this.#onLookup(value !== undefined)
    return value
  }

  set(key: string, value: V): void {
    this.#entries.set(key, value)
  }

  clear(): void {
    this.#entries.clear()
  }
}

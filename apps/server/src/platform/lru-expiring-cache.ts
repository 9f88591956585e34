import type { ExpiringCache } from '@cairn/core'
import { LRUCache } from 'lru-cache'
import type { CacheTally } from './cache-tally.ts'

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

/** What an entry is estimated to take of V8's heap, from its JSON (the default `sizeOf`). */
export function estimatedHeapBytes(value: object, key: string): number {
  return (key.length + JSON.stringify(value).length) * HEAP_BYTES_PER_JSON_CHAR
}

/**
 * A cache of a server process: bounded by the estimated heap its entries take (`lru-cache`, the
 * least recently used leave first), entries expire after the TTL. Its tally (hits, misses,
 * evictions, bytes held) is what `/metrics` reports of it.
 */
export class LruExpiringCache<V extends object> implements ExpiringCache<V>, CacheTally {
  readonly #entries: LRUCache<string, V>
  #hits = 0
  #misses = 0
  #evictions = 0
  readonly maxBytes: number

  /**
   * `sizeOf` says what an entry weighs where the estimate from its JSON would be wrong (bytes,
   * not objects). A value over `maxBytes` is not kept.
   */
  constructor(options: { readonly maxBytes: number; readonly sizeOf?: (value: V, key: string) => number; readonly ttlMs?: number }) {
    this.maxBytes = options.maxBytes
    this.#entries = new LRUCache<string, V>({
      maxSize: options.maxBytes,
      // Only on a miss, which has just read the store and parsed as much JSON.
      sizeCalculation: options.sizeOf ?? estimatedHeapBytes,
      ttl: options.ttlMs ?? CACHE_TTL_MS,
      dispose: (_value, _key, reason) => {
        if (reason === 'evict') this.#evictions += 1
      },
    })
  }

  get hits(): number {
    return this.#hits
  }

  get misses(): number {
    return this.#misses
  }

  get evictions(): number {
    return this.#evictions
  }

  get bytes(): number {
    return this.#entries.calculatedSize
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) this.#misses += 1
    else this.#hits += 1
    return value
  }

  set(key: string, value: V): void {
    this.#entries.set(key, value)
  }

  clear(): void {
    this.#entries.clear()
  }
}

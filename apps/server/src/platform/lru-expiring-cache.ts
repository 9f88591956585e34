import type { ExpiringCache } from '@cairn/core'
import { LRUCache } from 'lru-cache'

/**
 * How long an entry lives: the longest another process sharing the database may keep honouring a
 * token after it is revoked, or its user suspended, deleted or demoted, there, or keep serving the
 * registry protocol's answers from before a membership change, publication or deletion there,
 * or the management reads' rendered answers from before any write there.
 */
export const CACHE_TTL_MS = 5_000

/** Enough for every token, or every busy module provider, of a large installation; the least recently used leave first. */
const MAX_ENTRIES = 10_000

/** A bound on what a cache holds, in bytes, for values whose sizes differ widely (rendered answers). */
export interface ByteBound<V> {
  readonly maxBytes: number
  /** About how many bytes `value` under `key` holds. */
  readonly sizeOf: (value: V, key: string) => number
}

/** A cache of a server process: bounded (`lru-cache`), entries expire after the TTL. */
export class LruExpiringCache<V extends object> implements ExpiringCache<V> {
  readonly #entries: LRUCache<string, V>
  readonly #onLookup: (hit: boolean) => void

  /**
   * `onLookup` hears whether each `get` found its key (for the cache's hit ratio); `bytes` bounds
   * the cache by size too, the least recently used leaving first (a value larger than the bound is
   * not kept).
   */
  constructor(options: { readonly ttlMs?: number; readonly onLookup?: (hit: boolean) => void; readonly bytes?: ByteBound<V> } = {}) {
    const bytes = options.bytes
    this.#entries = new LRUCache<string, V>({
      max: MAX_ENTRIES,
      ttl: options.ttlMs ?? CACHE_TTL_MS,
      ...(bytes !== undefined && { maxSize: bytes.maxBytes, sizeCalculation: bytes.sizeOf }),
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

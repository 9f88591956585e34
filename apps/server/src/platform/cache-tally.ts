/**
 * What one in-memory cache did and holds, read when `/metrics` is scraped: counted as plain
 * numbers, since a request looks up two or three caches and a labelled increment would hash its
 * labels each time.
 */
export interface CacheTally {
  /** Lookups that found their key. */
  readonly hits: number
  readonly misses: number
  /** Entries removed to make room under the cache's bound (not those expired or cleared by a write). */
  readonly evictions: number
  /** What the entries held now weigh, as the cache counts them against its bound. */
  readonly bytes: number
  /** The bound `bytes` stays under. */
  readonly maxBytes: number
}

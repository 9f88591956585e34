/**
 * A small bounded map whose entries expire a few seconds after they are set: where authentication
 * keeps what it found for a token, and the registry protocol what it served for a module, so that
 * a request need not reach the store.
 *
 * The time an entry lives is how long another process sharing the store may keep answering from
 * it after a write there (a revoked token, a suspended user, a changed membership, a published or
 * deleted version); this process clears its caches itself (`StoreCache`).
 */
export interface ExpiringCache<V> {
  /** The value set for `key`, unless it expired, was evicted or the cache was cleared since. */
  get(key: string): V | undefined
  set(key: string, value: V): void
  clear(): void
}

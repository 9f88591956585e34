/**
 * A bounded map whose entries expire some time after they are set: where authentication keeps
 * what it found for a token, the registry protocol what it served for a module and the HTTP API
 * its rendered answers, so that a request need not reach the store.
 *
 * Writes clear it, this process's own and those other processes announce (`StoreCache` over
 * `StoreWrites`); the time an entry lives only bounds what nobody announced. Every cache, with
 * its bound, is listed in docs/caches.md.
 */
export interface ExpiringCache<V> {
  /** The value set for `key`, unless it expired, was evicted or the cache was cleared since. */
  get(key: string): V | undefined
  set(key: string, value: V): void
  clear(): void
}

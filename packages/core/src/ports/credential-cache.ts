/**
 * A small bounded map whose entries expire a few seconds after they are set: where authentication
 * keeps what it found for a token, so that a request need not reach the store.
 *
 * The time an entry lives is how long another process sharing the store may keep honouring a
 * token after it was revoked or its user suspended there; this process clears the cache itself.
 */
export interface CredentialCache<V> {
  /** The value set for `key`, unless it expired, was evicted or the cache was cleared since. */
  get(key: string): V | undefined
  set(key: string, value: V): void
  clear(): void
}

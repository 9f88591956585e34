import type { ExpiringCache } from '@cairn/core'

/** A credential cache whose entries never expire: tests see only what invalidation does. */
export class InMemoryExpiringCache<V> implements ExpiringCache<V> {
  readonly #entries = new Map<string, V>()

  get(key: string): V | undefined {
    return this.#entries.get(key)
  }

  set(key: string, value: V): void {
    this.#entries.set(key, value)
  }

  clear(): void {
    this.#entries.clear()
  }
}

import type { StoreChanges } from '@cairn/core'

/**
 * The change feed of one in-memory store: an announcement reaches every subscriber at once, the
 * announcer's own included. Use cases built over one instance behave as processes sharing a
 * database whose feed has no delay; over instances of their own, as processes that never hear
 * each other (as if only their caches' expiry bounded what they keep).
 */
export class InMemoryStoreChanges implements StoreChanges {
  readonly #listeners: (() => void)[] = []

  async announce(): Promise<void> {
    for (const listener of this.#listeners) listener()
  }

  subscribe(listener: () => void): void {
    this.#listeners.push(listener)
  }
}

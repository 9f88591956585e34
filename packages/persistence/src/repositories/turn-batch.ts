/** The most lookups one statement answers: a larger batch waits for no turn to end. */
export const TURN_BATCH_LIMIT = 64

interface Waiting<K, R> {
  readonly key: K
  resolve(found: R | undefined): void
  reject(error: unknown): void
}

/**
 * Lookups asked in one turn of the event loop, answered by one statement at its end. Under load a
 * turn serves many requests (each socket's data is read in the same turn), and a statement costs
 * the server and the database a round trip, whatever it reads: most of what a miss of the
 * protocol's cache costs. A quiet server looks up one key a turn, a turn later.
 */
export class TurnBatch<K, R> {
  readonly #lookUp: (keys: readonly K[]) => Promise<readonly (R | undefined)[]>
  #waiting: Waiting<K, R>[] = []

  /** `lookUp` answers each key at its index, undefined where nothing is found. */
  constructor(lookUp: (keys: readonly K[]) => Promise<readonly (R | undefined)[]>) {
    this.#lookUp = lookUp
  }

  get(key: K): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.length === 0) setImmediate(() => this.#send())
      this.#waiting.push({ key, resolve, reject })
      if (this.#waiting.length >= TURN_BATCH_LIMIT) this.#send()
    })
  }

  #send(): void {
    const batch = this.#waiting
    if (batch.length === 0) return
    this.#waiting = []
    this.#lookUp(batch.map(({ key }) => key)).then(
      (found) => batch.forEach((waiting, index) => waiting.resolve(found[index])),
      (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
    )
  }
}

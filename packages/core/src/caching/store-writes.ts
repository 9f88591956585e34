import type { StoreChanges } from '../ports/store-changes.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'

/**
 * What a cache of store data listens to: one signal for every write, whichever process made it,
 * so that no cache needs to know where writes come from (see `StoreWrites`).
 */
export interface WriteSignal {
  /**
   * How many writes were heard so far. A load reads it before it starts and keeps what it found
   * only if it has not moved since: a load that straddled a write may have read the state before it.
   */
  readonly generation: number
  /** Has `clear` called on every write heard from now on, once the generation has moved past it. */
  subscribe(clear: () => void): void
}

/**
 * The one place that hears the store change and tells every cache of its data to drop what it
 * kept: the units of work of this process, as each ends (`watch`), and the writes other processes
 * sharing the store announce (`StoreChanges`). Clearing on every write rather than tracking which
 * writes matter keeps the caches correct as use cases change; writes are rare next to the reads
 * the caches serve.
 */
export class StoreWrites implements WriteSignal {
  readonly #changes: StoreChanges
  readonly #listeners: (() => void)[] = []
  #generation = 0

  constructor(changes: StoreChanges) {
    this.#changes = changes
    changes.subscribe(() => this.#heard())
  }

  get generation(): number {
    return this.#generation
  }

  subscribe(clear: () => void): void {
    this.#listeners.push(clear)
  }

  /**
   * `unitOfWork` whose transactions and autocommitted writes are heard here when they end, and,
   * once committed, announced to the other processes. Heard even when the work failed: a failure
   * may follow a commit (a lost connection), and a clearing too many costs only a reload.
   */
  watch(unitOfWork: UnitOfWork): UnitOfWork {
    const heard = async <T>(write: () => Promise<T>): Promise<T> => {
      try {
        return await write()
      } finally {
        this.#heard()
      }
    }
    return {
      run: async <T>(work: (repositories: Repositories) => Promise<T>): Promise<T> => {
        const result = await heard(() => unitOfWork.run(work))
        // Awaited, so that once a write is answered the others hear of it within their bound.
        await this.#changes.announce()
        return result
      },
      read: (work) => unitOfWork.read(work),
      autocommit: async <T>(work: (repositories: Repositories) => Promise<T>): Promise<T> => {
        try {
          return await heard(() => unitOfWork.autocommit(work))
        } finally {
          // Even when it failed: a statement whose connection was lost may have landed.
          await this.#changes.announce()
        }
      },
    }
  }

  #heard(): void {
    this.#generation += 1
    for (const clear of this.#listeners) clear()
  }
}

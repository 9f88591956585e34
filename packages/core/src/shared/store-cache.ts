import type { ExpiringCache } from '../ports/expiring-cache.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'

/**
 * What reads found in the store, kept in an expiring cache and cleared by every unit of work of
 * this process (`clearedByWrites`): a revoked token, a suspended user, a changed membership, a
 * published or deleted version is seen on the very next request. Clearing on every write rather
 * than tracking which writes matter keeps it correct as use cases change; writes are rare next to
 * the reads it serves. Writes other processes sharing the store announce clear it too
 * (`announcedWrites`).
 *
 * A load that was running while a unit of work committed may have read the state before it, so
 * its result is not kept: the generation counts the clearings, and a load keeps its entry only if
 * none happened while it ran.
 */
export class StoreCache<V> {
  readonly #cache: ExpiringCache<V>
  #generation = 0

  constructor(cache: ExpiringCache<V>) {
    this.#cache = cache
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.peek(key)
    if (cached !== undefined) return cached
    const since = this.generation
    const loaded = await load()
    this.keep(key, loaded, since)
    return loaded
  }

  /** What is kept for `key`, if anything: for callers that load and decide what to keep themselves. */
  peek(key: string): V | undefined {
    return this.#cache.get(key)
  }

  /** How many clearings happened so far: read it before loading, and pass it to `keep`. */
  get generation(): number {
    return this.#generation
  }

  /** Keeps `value` under `key`, unless a clearing happened since `generation` was `since`: it may predate a write. */
  keep(key: string, value: V, since: number): void {
    if (since === this.#generation) this.#cache.set(key, value)
  }

  invalidate(): void {
    this.#generation += 1
    this.#cache.clear()
  }
}

/** `unitOfWork` whose units of work and autocommitted writes clear `caches` once they end. */
export function clearedByWrites(unitOfWork: UnitOfWork, caches: readonly Pick<StoreCache<unknown>, 'invalidate'>[]): UnitOfWork {
  const clearing = (write: UnitOfWork['run']): UnitOfWork['run'] =>
    async function cleared<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
      try {
        return await write(work)
      } finally {
        for (const cache of caches) cache.invalidate()
      }
    }
  return {
    run: clearing((work) => unitOfWork.run(work)),
    read: (work) => unitOfWork.read(work),
    autocommit: clearing((work) => unitOfWork.autocommit(work)),
  }
}

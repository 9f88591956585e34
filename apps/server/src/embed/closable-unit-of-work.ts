import type { Repositories, UnitOfWork } from '@cairn/core'
import { closedError } from './cairn-lifecycle.ts'

/**
 * The store's unit of work, refusing once the store is being released: whatever still reaches
 * it then (an operation that slipped past the public surface's guard, a timer) fails with
 * `closedError()` instead of writing into a closed database, where a write could be lost or,
 * on a store reopened later, land after all.
 */
export class ClosableUnitOfWork implements UnitOfWork {
  readonly #inner: UnitOfWork
  #closed = false

  constructor(inner: UnitOfWork) {
    this.#inner = inner
  }

  /** From now on every unit of work is refused. */
  close(): void {
    this.#closed = true
  }

  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.#open() ?? this.#inner.run(work)
  }

  read<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.#open() ?? this.#inner.read(work)
  }

  autocommit<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.#open() ?? this.#inner.autocommit(work)
  }

  #open(): Promise<never> | undefined {
    return this.#closed ? Promise.reject(closedError()) : undefined
  }
}

import { CairnError } from '@cairn/core'
import { errorResponse } from '@cairn/http'

/** What every use of a Cairn after `close()` raises, as a host may retry elsewhere. */
export function closedError(): CairnError {
  return new CairnError('unavailable', 'this Cairn is closed')
}

/**
 * Whether a Cairn is open, and what runs in it. Once `close()` has begun, every operation and
 * request is refused; those already running are awaited before the store is released, so none
 * writes into a closing store. `close()` runs its release once, however often and concurrently
 * it is called.
 */
export class CairnLifecycle {
  #closing: Promise<void> | undefined
  readonly #running = new Set<Promise<unknown>>()

  /** True from the moment `close()` is first called. */
  get closed(): boolean {
    return this.#closing !== undefined
  }

  /** Runs `work` while open; rejects with `closedError()` once closing. */
  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(closedError())
    const running = Promise.resolve().then(work)
    this.#running.add(running)
    void running.then(
      () => this.#running.delete(running),
      () => this.#running.delete(running),
    )
    return running
  }

  /** Answers `request` through `fetch` while open; a JSON:API 503 once closing. */
  async serve(request: Request, fetch: (request: Request) => Promise<Response>): Promise<Response> {
    if (this.closed) return errorResponse(closedError())
    return this.run(() => fetch(request))
  }

  /** Refuses new work, waits for what runs, then releases once; every call shares that one release. */
  close(release: () => Promise<void>): Promise<void> {
    this.#closing ??= Promise.allSettled([...this.#running]).then(release)
    return this.#closing
  }
}

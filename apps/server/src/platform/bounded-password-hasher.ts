import { CairnError, type PasswordHasher } from '@cairn/core'
import pLimit, { type LimitFunction } from 'p-limit'

/** How many hashes run at once, and how many may wait for a turn, in this process. */
export interface HashingBounds {
  readonly concurrency: number
  readonly maxWaiting: number
}

/**
 * Scrypt runs on libuv's thread pool (4 threads by default), which file reads and writes share,
 * and takes a core while it runs: one hash at a time leaves the archives three threads and the
 * rest of the machine's cores (measured on 2 cores: two at once stalled downloads for seconds),
 * and 8 waiting are a few seconds' work.
 */
export const DEFAULT_HASHING_BOUNDS: HashingBounds = { concurrency: 1, maxWaiting: 8 }

/** Seconds a refused caller is told to wait: about the time the queue takes to drain. */
const RETRY_AFTER_SECONDS = 2

/**
 * A password hasher that runs at most `concurrency` hashes or verifications at once in the
 * process, queues up to `maxWaiting` more, and refuses the rest at once with `unavailable` and a
 * `Retry-After`, instead of queueing without end: however many sign-ins arrive, the thread pool
 * keeps room for file I/O and each request waits a bounded time.
 */
export class BoundedPasswordHasher implements PasswordHasher {
  readonly #hasher: PasswordHasher
  readonly #limit: LimitFunction
  readonly #maxWaiting: number

  constructor(hasher: PasswordHasher, bounds: HashingBounds = DEFAULT_HASHING_BOUNDS) {
    this.#hasher = hasher
    this.#limit = pLimit(bounds.concurrency)
    this.#maxWaiting = bounds.maxWaiting
  }

  hash(password: string): Promise<string> {
    return this.#run(() => this.#hasher.hash(password))
  }

  verify(password: string, hash: string): Promise<boolean> {
    return this.#run(() => this.#hasher.verify(password, hash))
  }

  #run<T>(work: () => Promise<T>): Promise<T> {
    // Every slot busy and the queue full: a turn would come too late to be worth waiting for.
    // (p-limit starts queued work a microtask later: counted together, the two are exact.)
    if (this.#limit.activeCount + this.#limit.pendingCount >= this.#limit.concurrency + this.#maxWaiting) {
      return Promise.reject(
        new CairnError('unavailable', 'too many passwords are being checked: try again in a moment', [], {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        }),
      )
    }
    return this.#limit(work)
  }
}

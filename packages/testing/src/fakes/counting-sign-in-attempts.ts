import type { SignInAttempt, SignInAttempts } from '@cairn/core'

/**
 * Failed sign-ins counted for good (no window): after `maxFailures` of a username or an address,
 * its attempts wait `waitSeconds`. For unit tests; the server's adapter forgets failures in time.
 */
export class CountingSignInAttempts implements SignInAttempts {
  readonly #failures = new Map<string, number>()
  readonly #maxFailures: number
  readonly #waitSeconds: number

  constructor(options: { readonly maxFailures?: number; readonly waitSeconds?: number } = {}) {
    this.#maxFailures = options.maxFailures ?? 5
    this.#waitSeconds = options.waitSeconds ?? 60
  }

  async waitBefore(attempt: SignInAttempt): Promise<number> {
    return keysOf(attempt).some((key) => (this.#failures.get(key) ?? 0) >= this.#maxFailures) ? this.#waitSeconds : 0
  }

  async failed(attempt: SignInAttempt): Promise<void> {
    for (const key of keysOf(attempt)) this.#failures.set(key, (this.#failures.get(key) ?? 0) + 1)
  }

  async succeeded(attempt: SignInAttempt): Promise<void> {
    this.#failures.delete(`user:${attempt.username.toLowerCase()}`)
  }
}

function keysOf(attempt: SignInAttempt): string[] {
  const user = `user:${attempt.username.toLowerCase()}`
  return attempt.address === undefined ? [user] : [user, `address:${attempt.address}`]
}

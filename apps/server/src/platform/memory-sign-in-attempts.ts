import type { SignInAttempt, SignInAttempts } from '@cairn/core'
import type { RateLimiterMemory } from 'rate-limiter-flexible'

/** How many failures a username and an address may have within a window before their attempts wait. */
export interface SignInLimits {
  readonly failuresPerUsername: number
  readonly failuresPerAddress: number
  readonly windowSeconds: number
}

/**
 * Ten wrong passwords for one account in 15 minutes is not a typing mistake; one client may try
 * more (several people behind one address), but not enough to guess through many accounts.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { failuresPerUsername: 10, failuresPerAddress: 30, windowSeconds: 15 * 60 }

/** Long enough for any real username; a longer one counts as its start. */
const MAX_USERNAME_KEY = 128

/**
 * Failed sign-ins in this process's memory (`rate-limiter-flexible`): each failure counts against
 * the username and the address for `windowSeconds` from the window's first failure; a username or
 * an address at its limit waits until its window ends. Per process: with N processes behind a
 * balancer, a guesser gets up to N times the limits. The library (its Redis, Mongo and other
 * stores come with it, about 1 MiB of heap) loads with the first sign-in, not at start.
 */
export class MemorySignInAttempts implements SignInAttempts {
  readonly #limits: SignInLimits
  #limiters: Promise<Limiters> | undefined

  constructor(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
    this.#limits = limits
  }

  async waitBefore(attempt: SignInAttempt): Promise<number> {
    const limiters = await this.#loaded()
    const [byUsername, byAddress] = await Promise.all([
      limiters.byUsername.get(usernameKey(attempt)),
      attempt.address === undefined ? null : limiters.byAddress.get(attempt.address),
    ])
    const wait = (used: { consumedPoints: number; msBeforeNext: number } | null, limit: number) =>
      used !== null && used.consumedPoints >= limit ? used.msBeforeNext / 1000 : 0
    return Math.max(wait(byUsername, this.#limits.failuresPerUsername), wait(byAddress, this.#limits.failuresPerAddress))
  }

  async failed(attempt: SignInAttempt): Promise<void> {
    const limiters = await this.#loaded()
    await Promise.all([
      limiters.byUsername.penalty(usernameKey(attempt)),
      attempt.address === undefined ? undefined : limiters.byAddress.penalty(attempt.address),
    ])
  }

  async succeeded(attempt: SignInAttempt): Promise<void> {
    await (await this.#loaded()).byUsername.delete(usernameKey(attempt))
  }

  #loaded(): Promise<Limiters> {
    const { failuresPerUsername, failuresPerAddress, windowSeconds } = this.#limits
    this.#limiters ??= import('rate-limiter-flexible').then(({ RateLimiterMemory }) => ({
      byUsername: new RateLimiterMemory({ keyPrefix: 'user', points: failuresPerUsername, duration: windowSeconds }),
      byAddress: new RateLimiterMemory({ keyPrefix: 'address', points: failuresPerAddress, duration: windowSeconds }),
    }))
    return this.#limiters
  }
}

interface Limiters {
  readonly byUsername: RateLimiterMemory
  readonly byAddress: RateLimiterMemory
}

function usernameKey(attempt: SignInAttempt): string {
  return attempt.username.toLowerCase().slice(0, MAX_USERNAME_KEY)
}

import type { TokenHasher } from '@cairn/core'

/**
 * A reversible stand-in for the real hasher, for unit tests only: it keeps the secret readable
 * and makes predictable secrets. The real one lives with the Node adapters.
 */
export class FakeTokenHasher implements TokenHasher {
  #issued = 0

  newSecret(): string {
    this.#issued += 1
    return `secret${this.#issued}`
  }

  hash(secret: string): string {
    return `fake-hash:${secret}`
  }

  matches(secret: string, hash: string): boolean {
    return this.hash(secret) === hash
  }
}

import { hash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TokenHasher } from '@cairn/core'

/**
 * Token secrets are 32 random bytes, so a fast unsalted SHA-256 is enough: there is nothing to
 * brute-force, and lookups stay cheap on every request.
 */
export class Sha256TokenHasher implements TokenHasher {
  newSecret(): string {
    return randomBytes(32).toString('base64url')
  }

  hash(secret: string): string {
    // The one-shot digest: no Hash object per request.
    return hash('sha256', secret, 'hex')
  }

  /**
   * In constant time, as the port asks. The digest is taken as hex and decoded: asking `hash` for
   * a buffer made a buffer of its own that cost twice as much (1.04 against 0.23 + 0.25 µs).
   */
  matches(secret: string, hashed: string): boolean {
    const actual = Buffer.from(this.hash(secret), 'hex')
    const expected = Buffer.from(hashed, 'hex')
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }
}

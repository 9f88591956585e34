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
   * In constant time, as the port asks. The digest is taken as hex (the form stored) and decoded:
   * asking `hash` for a buffer costs more than the hex digest and its decoding together, and this
   * runs on every authenticated request.
   */
  matches(secret: string, hashed: string): boolean {
    const actual = Buffer.from(this.hash(secret), 'hex')
    const expected = Buffer.from(hashed, 'hex')
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }
}

import type { TokenHasher } from '@cairn/core'
import { describe, expect, it } from 'vitest'

/**
 * What every `TokenHasher` promises the token use cases, which store only the hash and find a
 * token by it: fresh secrets, one hash for a secret whatever the call, another for another secret,
 * and `matches` exactly for a secret and its own hash.
 */
export function tokenHasherContract(name: string, open: () => TokenHasher): void {
  describe(`TokenHasher contract: ${name}`, () => {
    it('makes a fresh secret each time', () => {
      const hasher = open()
      const secrets = Array.from({ length: 100 }, () => hasher.newSecret())
      expect(new Set(secrets).size).toBe(secrets.length)
      for (const secret of secrets) expect(secret.length).toBeGreaterThan(0)
    })

    it('hashes a secret to the same hash every time, and other secrets to other hashes', () => {
      const hasher = open()
      const [a, b] = [hasher.newSecret(), hasher.newSecret()]
      expect(hasher.hash(a)).toBe(hasher.hash(a))
      expect(hasher.hash(a)).not.toBe(hasher.hash(b))
      expect(hasher.hash(a)).not.toBe(a)
    })

    it('matches a secret with its own hash only', () => {
      const hasher = open()
      const [a, b] = [hasher.newSecret(), hasher.newSecret()]
      expect(hasher.matches(a, hasher.hash(a))).toBe(true)
      expect(hasher.matches(b, hasher.hash(a))).toBe(false)
      expect(hasher.matches(a, '')).toBe(false)
      expect(hasher.matches(a, 'not a hash')).toBe(false)
    })
  })
}

import type { PasswordHasher } from '@cairn/core'
import { describe, expect, it } from 'vitest'

/**
 * What every `PasswordHasher` promises sign-in: a hash verifying the password it was made of —
 * typed in either Unicode normal form, as browsers on different systems send it — and nothing
 * else, and `false` (not a failure) for a hash it cannot read.
 */
export function passwordHasherContract(name: string, open: () => PasswordHasher): void {
  describe(`PasswordHasher contract: ${name}`, () => {
    it('verifies the password a hash was made of, and no other', async () => {
      const hasher = open()
      const hash = await hasher.hash('correct horse battery staple')
      await expect(hasher.verify('correct horse battery staple', hash)).resolves.toBe(true)
      await expect(hasher.verify('correct horse battery stapler', hash)).resolves.toBe(false)
      await expect(hasher.verify('', hash)).resolves.toBe(false)
    })

    it('verifies a password typed in another Unicode normal form', async () => {
      const hasher = open()
      const composed = 'Zürich-Café'.normalize('NFC')
      const hash = await hasher.hash(composed)
      await expect(hasher.verify(composed.normalize('NFD'), hash)).resolves.toBe(true)
    })

    it('answers false for a hash it cannot read', async () => {
      const hasher = open()
      for (const hash of ['', 'not a hash', '$scrypt$ln=99$x$y']) await expect(hasher.verify('secret', hash), hash).resolves.toBe(false)
    })
  })
}

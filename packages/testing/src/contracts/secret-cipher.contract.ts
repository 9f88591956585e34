import type { SecretCipher } from '@cairn/core'
import { describe, expect, it } from 'vitest'

/**
 * What every `SecretCipher` promises the VCS connections, whose credentials it seals: a sealed
 * form that does not show the secret, opened back to the secret for the same record (the
 * context), and `unavailable` for another record or for what it did not seal.
 */
export function secretCipherContract(name: string, open: () => SecretCipher): void {
  describe(`SecretCipher contract: ${name}`, () => {
    it('opens what it sealed for a record, in any script, without showing it sealed', () => {
      const cipher = open()
      for (const secret of ['ghp_0123456789abcdef', 'pässwörd 🔑', '']) {
        const sealed = cipher.seal(secret, 'oc-1')
        if (secret !== '') expect(sealed).not.toContain(secret)
        expect(cipher.open(sealed, 'oc-1')).toBe(secret)
      }
    })

    it('refuses to open a secret sealed for another record with unavailable', () => {
      const cipher = open()
      const sealed = cipher.seal('ghp_0123456789abcdef', 'oc-1')
      expect(() => cipher.open(sealed, 'oc-2')).toThrow(expect.objectContaining({ code: 'unavailable' }))
    })

    it('refuses to open what it did not seal with unavailable', () => {
      const cipher = open()
      for (const sealed of ['', 'ghp_0123456789abcdef', 'a.b.c'])
        expect(() => cipher.open(sealed, 'oc-1'), sealed).toThrow(expect.objectContaining({ code: 'unavailable' }))
    })
  })
}

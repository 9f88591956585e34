import type { UrlSigner } from '@cairn/core'
import { describe, expect, it } from 'vitest'

const NOW = new Date('2026-01-01T00:00:00Z')
const LATER = new Date('2026-01-01T01:00:00Z')

/**
 * What every `UrlSigner` promises the upload and download links: a URL-safe token answering its
 * payload, for its purpose, until it expires, and nothing for another purpose, after its expiry,
 * or once it was changed in any way.
 */
export function urlSignerContract(name: string, open: () => UrlSigner): void {
  describe(`UrlSigner contract: ${name}`, () => {
    it('answers the payload of its URL-safe token until the token expires', () => {
      const signer = open()
      for (const payload of ['modver-1:0', 'a|b\nc:d', '']) {
        const token = signer.sign('module-download', payload, LATER)
        expect(encodeURIComponent(token)).toBe(token)
        expect(signer.verify('module-download', token, NOW)).toBe(payload)
        expect(signer.verify('module-download', token, new Date(LATER.getTime() - 1))).toBe(payload)
        expect(signer.verify('module-download', token, LATER)).toBeUndefined()
      }
    })

    it('answers nothing for a token made for another purpose', () => {
      const signer = open()
      expect(signer.verify('module-upload', signer.sign('module-download', 'modver-1:0', LATER), NOW)).toBeUndefined()
    })

    it('answers nothing for a token changed in any way, or for what it did not make', () => {
      const signer = open()
      const token = signer.sign('module-download', 'modver-1:0', LATER)
      const changed = [token.slice(0, -1), `${token}x`, token.replace(/^./, (first) => (first === 'A' ? 'B' : 'A')), `x${token}`]
      for (const forged of [...changed, '', 'nonsense']) expect(signer.verify('module-download', forged, NOW), forged).toBeUndefined()
    })
  })
}

import type { SignedPurpose, UrlSigner } from '@cairn/core'

/**
 * A signer for unit tests: its tokens are readable (`<purpose>.<expiry>.<payload, base64url>.<check>`)
 * and carry a checksum instead of a signature, but it honours purpose and expiry, and refuses a
 * token changed in any way, like the real one, which lives with the Node adapters.
 */
export class FakeUrlSigner implements UrlSigner {
  sign(purpose: SignedPurpose, payload: string, expiresAt: Date): string {
    const body = `${purpose}.${expiresAt.getTime()}.${Buffer.from(payload, 'utf8').toString('base64url')}`
    return `${body}.${checksum(body)}`
  }

  verify(purpose: SignedPurpose, token: string, now: Date): string | undefined {
    const [tokenPurpose, expiry, payload = '', check, ...rest] = token.split('.')
    if (rest.length > 0 || check !== checksum(`${tokenPurpose}.${expiry}.${payload}`)) return undefined
    if (tokenPurpose !== purpose || !(Number(expiry) > now.getTime())) return undefined
    return Buffer.from(payload, 'base64url').toString('utf8')
  }
}

/** FNV-1a of `text` in base 36: no secret, just enough to tell a changed token. */
function checksum(text: string): string {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0
  return hash.toString(36)
}

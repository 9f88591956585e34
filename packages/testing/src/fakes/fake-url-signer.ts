import type { SignedPurpose, UrlSigner } from '@cairn/core'

/**
 * A signer for unit tests: its tokens are readable and unsigned, but it honours purpose and
 * expiry like the real one, which lives with the Node adapters.
 */
export class FakeUrlSigner implements UrlSigner {
  sign(purpose: SignedPurpose, payload: string, expiresAt: Date): string {
    return encodeURIComponent(`${purpose}|${expiresAt.getTime()}|${payload}`)
  }

  verify(purpose: SignedPurpose, token: string, now: Date): string | undefined {
    const [tokenPurpose, expiry, ...payload] = decodeURIComponent(token).split('|')
    if (tokenPurpose !== purpose || Number(expiry) <= now.getTime()) return undefined
    return payload.join('|')
  }
}

import { createHmac, createSecretKey, timingSafeEqual, type Hmac, type KeyObject } from 'node:crypto'
import type { SignedPurpose, UrlSigner } from '@cairn/core'

/**
 * Tokens of the form `<base64url body>.<base64url HMAC-SHA256>`, the body holding purpose,
 * expiry and payload. Any server holding the same key verifies them, so they need no storage.
 */
export class HmacUrlSigner implements UrlSigner {
  // A key object made once: given raw bytes, every HMAC would import them again.
  readonly #key: KeyObject

  constructor(key: string) {
    this.#key = createSecretKey(Buffer.from(key, 'utf8'))
  }

  sign(purpose: SignedPurpose, payload: string, expiresAt: Date): string {
    const body = Buffer.from(`${purpose}\n${expiresAt.getTime()}\n${payload}`, 'utf8').toString('base64url')
    // Encoded by the digest itself: a digest as a buffer cost half a microsecond more.
    return `${body}.${this.#mac(body).digest('base64url')}`
  }

  verify(purpose: SignedPurpose, token: string, now: Date): string | undefined {
    const [body = '', mac = '', ...rest] = token.split('.')
    if (rest.length > 0 || !/^[\w-]+$/.test(body)) return undefined
    const given = Buffer.from(mac, 'base64url')
    const expected = this.#mac(body).digest()
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    const [tokenPurpose, expiry, ...payload] = Buffer.from(body, 'base64url').toString('utf8').split('\n')
    if (tokenPurpose !== purpose || !(Number(expiry) > now.getTime())) return undefined
    return payload.join('\n')
  }

  #mac(body: string): Hmac {
    return createHmac('sha256', this.#key).update(body)
  }
}

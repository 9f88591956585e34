import { describe, expect, it } from 'vitest'
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.ts'

const KEY = Buffer.alloc(32, 7).toString('base64')

describe('AesGcmSecretCipher', () => {
  const cipher = new AesGcmSecretCipher(KEY)

  it('opens what it sealed, and the sealed form shows nothing of the secret', () => {
    const sealed = cipher.seal('ghp_s3cret', 'ot-1')
    expect(sealed).not.toContain('s3cret')
    expect(Buffer.from(sealed.split('.')[2] ?? '', 'base64url').toString()).not.toContain('s3cret')
    expect(cipher.open(sealed, 'ot-1')).toBe('ghp_s3cret')
  })

  it('seals the same secret differently each time', () => {
    expect(cipher.seal('same', 'ot-1')).not.toBe(cipher.seal('same', 'ot-1'))
  })

  it('refuses another context, another key, tampering and garbage, with unavailable', () => {
    const sealed = cipher.seal('ghp_s3cret', 'ot-1')
    const [iv = '', tag = '', body = ''] = sealed.split('.')
    const flipped = Buffer.from(body, 'base64url')
    flipped[0] = (flipped[0] ?? 0) ^ 1
    for (const [candidate, context, by] of [
      [sealed, 'ot-2', cipher],
      [sealed, 'ot-1', new AesGcmSecretCipher(Buffer.alloc(32, 8).toString('base64'))],
      [`${iv}.${tag}.${flipped.toString('base64url')}`, 'ot-1', cipher],
      ['nonsense', 'ot-1', cipher],
      [`${sealed}.x`, 'ot-1', cipher],
    ] as const) {
      expect(() => by.open(candidate, context)).toThrow(expect.objectContaining({ code: 'unavailable' }))
    }
  })

  it('refuses a key that is not 32 bytes, saying how to make one', () => {
    expect(() => new AesGcmSecretCipher('short')).toThrow(/32 bytes in base64 \(openssl rand -base64 32\)/)
  })
})

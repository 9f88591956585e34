import { describe, expect, it } from 'vitest'
import { HmacUrlSigner } from './hmac-url-signer.ts'

describe('HmacUrlSigner', () => {
  const signer = new HmacUrlSigner('k'.repeat(32))
  const now = new Date('2026-01-01T00:00:00Z')
  const later = new Date('2026-01-01T01:00:00Z')

  it('round-trips a payload until it expires, URL-safe', () => {
    const token = signer.sign('module-upload', 'modver-1:0', later)
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/)
    expect(signer.verify('module-upload', token, now)).toBe('modver-1:0')
    expect(signer.verify('module-upload', token, later)).toBeUndefined()
  })

  it('refuses another purpose, another key, and any tampering', () => {
    const token = signer.sign('module-upload', 'modver-1:0', later)
    expect(signer.verify('module-download', token, now)).toBeUndefined()
    expect(new HmacUrlSigner('x'.repeat(32)).verify('module-upload', token, now)).toBeUndefined()
    const [body = '', mac = ''] = token.split('.')
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace('modver-1', 'modver-2')).toString('base64url')
    expect(signer.verify('module-upload', `${forged}.${mac}`, now)).toBeUndefined()
    expect(signer.verify('module-upload', 'nonsense', now)).toBeUndefined()
    expect(signer.verify('module-upload', `${body}.${mac}.x`, now)).toBeUndefined()
  })
})

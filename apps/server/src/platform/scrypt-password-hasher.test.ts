import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ScryptPasswordHasher } from './scrypt-password-hasher.ts'

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher()

  it('stores a salted scrypt hash in PHC format that the password, and only it, derives again', async () => {
    const stored = await hasher.hash('correct horse battery staple')
    const [, algorithm, parameters, salt, key] = stored.split('$')
    expect({ algorithm, parameters }).toEqual({ algorithm: 'scrypt', parameters: 'ln=15,r=8,p=1' })
    const again = (password: string) =>
      scryptSync(password, Buffer.from(salt ?? '', 'base64url'), 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString(
        'base64url',
      )
    expect(again('correct horse battery staple')).toBe(key)
    expect(again('correct horse battery stapler')).not.toBe(key)
    expect(stored).not.toContain('correct')
  })

  it('salts each hash: the same password never hashes the same twice', async () => {
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'))
  })

  it('verifies the password a hash was made of, and nothing else', async () => {
    const stored = await hasher.hash('correct horse battery staple')
    expect(await hasher.verify('correct horse battery staple', stored)).toBe(true)
    expect(await hasher.verify('correct horse battery stapler', stored)).toBe(false)
    expect(await hasher.verify('correct horse battery staple', await hasher.hash('other'))).toBe(false)
    for (const unreadable of ['', 'plain', '$scrypt$ln=15,r=8,p=1$only-salt', stored.slice(0, -4)]) {
      expect(await hasher.verify('correct horse battery staple', unreadable)).toBe(false)
    }
  })
})

import type { PasswordHasher } from '@cairn/core'

/**
 * A fast, readable stand-in for the real (scrypt) hasher, for unit tests only. Like the real one
 * it hashes the password's NFC form, so that one typed in another normal form verifies.
 */
export class FakePasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `fake-password-hash:${password.normalize('NFC')}`
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return hash === (await this.hash(password))
  }
}

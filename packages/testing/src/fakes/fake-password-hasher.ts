import type { PasswordHasher } from '@cairn/core'

/** A fast, readable stand-in for the real (scrypt) hasher, for unit tests only. */
export class FakePasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `fake-password-hash:${password}`
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return hash === (await this.hash(password))
  }
}

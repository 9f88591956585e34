/**
 * Encrypts secrets Cairn must read back (a VCS connection's credential), so that a database dump
 * alone does not reveal them. `context` (the owning record's id) is bound to the ciphertext: a
 * sealed secret copied onto another record does not open there.
 */
export interface SecretCipher {
  seal(secret: string, context: string): string
  /** The secret; raises `unavailable` when `sealed` was not sealed with this key and context. */
  open(sealed: string, context: string): string
}

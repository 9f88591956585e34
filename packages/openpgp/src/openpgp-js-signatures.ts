import type { OpenPgpSignatures, SignatureCheck } from '@cairn/core'

// openpgp.js (1.2 MB of code) is loaded at the first key or signature, not when Cairn is imported:
// a registry without providers never needs it.
const keys = () => import('./read-public-key.ts')
const signatures = () => import('./check-detached-signature.ts')

/**
 * `OpenPgpSignatures` with openpgp.js: public keys are read and detached signatures checked as
 * Terraform and OpenTofu will check them when they install the provider (RSA, DSA, EdDSA keys and
 * their signing subkeys; binary signatures only). Stateless: one instance serves the whole process.
 */
export class OpenPgpJsSignatures implements OpenPgpSignatures {
  /**
   * The primary key's id, 16 upper-case hex digits. Raises `invalid` on `ascii-armor` for a
   * private key, for anything else that is not an armored public key of at most 64 KiB, and for a
   * key with no usable signing (sub)key.
   */
  async keyIdOf(asciiArmor: string): Promise<string> {
    const { assertCanSign, readPublicKey } = await keys()
    const key = await readPublicKey(asciiArmor)
    await assertCanSign(key)
    return key.getKeyID().toHex().toUpperCase()
  }

  /**
   * The verdict on `signature` against the key; never raises for bad signature bytes. Raises
   * `invalid` on `ascii-armor` only when the key itself is unreadable, which a stored key is not.
   */
  async verify(asciiArmor: string, data: Uint8Array, signature: Uint8Array): Promise<SignatureCheck> {
    const [{ readPublicKey }, { checkDetachedSignature }] = await Promise.all([keys(), signatures()])
    return checkDetachedSignature(await readPublicKey(asciiArmor), data, signature)
  }
}

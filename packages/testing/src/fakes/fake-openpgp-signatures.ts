import { createHash } from 'node:crypto'
import { CairnError, type OpenPgpSignatures, type SignatureCheck } from '@cairn/core'

const KEY = /^-----BEGIN PGP PUBLIC KEY BLOCK-----\nfake-key:([0-9A-F]{16})\n-----END PGP PUBLIC KEY BLOCK-----\n?$/
const SIGNATURE = /^fake-signature:([0-9A-F]{16}):([0-9a-f]{64})$/

/** A fake key of the form `FakeOpenPgpSignatures` reads, and signatures by it, as gpg would make them. */
export interface FakeGpgKey {
  readonly keyId: string
  readonly asciiArmor: string
  /** A detached signature of `data`, in the fake's binary form. */
  sign(data: Uint8Array): Uint8Array
  /** The same, ASCII-armored: what `gpg --armor --detach-sign` would give. */
  signArmored(data: Uint8Array): Uint8Array
}

export function fakeGpgKey(keyId: string): FakeGpgKey {
  const signatureOf = (data: Uint8Array) => `fake-signature:${keyId}:${sha256(data)}`
  return {
    keyId,
    asciiArmor: `-----BEGIN PGP PUBLIC KEY BLOCK-----\nfake-key:${keyId}\n-----END PGP PUBLIC KEY BLOCK-----\n`,
    sign: (data) => new TextEncoder().encode(signatureOf(data)),
    signArmored: (data) => new TextEncoder().encode(`-----BEGIN PGP SIGNATURE-----\n${signatureOf(data)}\n-----END PGP SIGNATURE-----\n`),
  }
}

/**
 * OpenPGP for unit tests, without cryptography: keys and signatures are readable text naming the
 * key id and the data's SHA-256 (see `fakeGpgKey`), checked as the real adapter checks real ones.
 */
export class FakeOpenPgpSignatures implements OpenPgpSignatures {
  async keyIdOf(asciiArmor: string): Promise<string> {
    if (asciiArmor.includes('PRIVATE KEY')) throw CairnError.invalidField('ascii-armor', 'is a private key, which was not stored')
    const match = KEY.exec(asciiArmor)
    if (match === null) throw CairnError.invalidField('ascii-armor', 'is not an ASCII-armored public key')
    return match[1] ?? ''
  }

  async verify(asciiArmor: string, data: Uint8Array, signature: Uint8Array): Promise<SignatureCheck> {
    const text = new TextDecoder().decode(signature)
    if (text.startsWith('-----BEGIN PGP SIGNATURE')) return 'armored'
    const match = SIGNATURE.exec(text)
    if (match === null) return 'unreadable'
    if (match[1] !== (await this.keyIdOf(asciiArmor))) return 'other_key'
    return match[2] === sha256(data) ? 'valid' : 'mismatch'
  }
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

import type { SignatureCheck } from '@cairn/core'
import { createMessage, readSignature, verify, type Key, type Signature } from 'openpgp'
import { VERIFICATION_CONFIG } from './verification-config.ts'

const ARMOR = '-----BEGIN PGP SIGNATURE'

/** What `signature`, meant as a binary detached signature of `data`, is with respect to `key`. */
export async function checkDetachedSignature(key: Key, data: Uint8Array, signature: Uint8Array): Promise<SignatureCheck> {
  // openpgp.js would read armor too; the CLIs would not, so it is named as the problem it is.
  if (new TextDecoder().decode(signature.subarray(0, 64)).trimStart().startsWith(ARMOR)) return 'armored'
  const parsed = await readBinarySignature(signature)
  if (parsed === undefined) return 'unreadable'
  const keyIds = new Set(key.getKeyIDs().map((id) => id.toHex()))
  if (!parsed.getSigningKeyIDs().some((id) => keyIds.has(id.toHex()))) return 'other_key'
  const message = await createMessage({ binary: data })
  const { signatures } = await verify({ message, signature: parsed, verificationKeys: key, config: VERIFICATION_CONFIG })
  const results = await Promise.all(signatures.map(({ verified }) => verified.catch(() => false)))
  // Also the verdict on a signature by the key that no longer counts (the key expired or was revoked
  // since it was stored, or the signature's hash is one the CLI refuses): the file cannot be trusted.
  return results.includes(true) ? 'valid' : 'mismatch'
}

/** The detached signature in `bytes`, or undefined when they are not one in OpenPGP's binary form. */
async function readBinarySignature(bytes: Uint8Array): Promise<Signature | undefined> {
  const parsed = await readSignature({ binarySignature: bytes, config: VERIFICATION_CONFIG }).catch(() => undefined)
  return parsed !== undefined && parsed.packets.length > 0 ? parsed : undefined
}

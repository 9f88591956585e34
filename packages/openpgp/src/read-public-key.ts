import { CairnError } from '@cairn/core'
import { readKey, type Key } from 'openpgp'
import { VERIFICATION_CONFIG } from './verification-config.ts'

/** Larger than any armored public key with a few subkeys and user ids; bounds the parser's work on user input. */
export const MAX_ARMORED_KEY_LENGTH = 64 * 1024

const FIELD = 'ascii-armor'
const PRIVATE_KEY_ARMOR = /-----BEGIN PGP PRIVATE KEY BLOCK-----/
const PUBLIC_KEY_ARMOR = /-----BEGIN PGP PUBLIC KEY BLOCK-----/
const PRIVATE_KEY_REFUSED =
  'is a private key, which was not stored: paste the public key only (gpg --armor --export <key id>) and consider the private key exposed'

/**
 * The ASCII-armored public key; raises `invalid` on `ascii-armor` for anything else. A private
 * key is refused before it is parsed.
 */
export async function readPublicKey(asciiArmor: string): Promise<Key> {
  if (asciiArmor.length > MAX_ARMORED_KEY_LENGTH)
    throw CairnError.invalidField(FIELD, `is longer than ${MAX_ARMORED_KEY_LENGTH / 1024} KiB; a public key is far smaller`)
  if (PRIVATE_KEY_ARMOR.test(asciiArmor)) throw CairnError.invalidField(FIELD, PRIVATE_KEY_REFUSED)
  if (!PUBLIC_KEY_ARMOR.test(asciiArmor))
    throw CairnError.invalidField(FIELD, 'is not an ASCII-armored public key (-----BEGIN PGP PUBLIC KEY BLOCK-----)')
  const key = await readKey({ armoredKey: asciiArmor, config: VERIFICATION_CONFIG }).catch((error: unknown) => {
    throw CairnError.invalidField(FIELD, `is not a readable OpenPGP public key (${reason(error)})`)
  })
  // A public-key armor header around secret key packets: still a private key.
  if (key.isPrivate()) throw CairnError.invalidField(FIELD, PRIVATE_KEY_REFUSED)
  return key
}

/**
 * Raises `invalid` on `ascii-armor` unless the key or one of its subkeys can make signatures the
 * CLI will accept today: a key that is expired, revoked, too weak or only encrypts would be stored
 * only for every release signed with it to be refused.
 */
export async function assertCanSign(key: Key): Promise<void> {
  await key.getSigningKey(undefined, undefined, undefined, VERIFICATION_CONFIG).catch((error: unknown) => {
    throw CairnError.invalidField(FIELD, `has no usable signing key (${reason(error)})`)
  })
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

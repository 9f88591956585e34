/** What checking a detached signature found. */
export type SignatureCheck =
  /** Made by the key over the data. */
  | 'valid'
  /** ASCII-armored: the CLI accepts only binary detached signatures. */
  | 'armored'
  /** Not an OpenPGP signature at all. */
  | 'unreadable'
  /** A signature, by another key than the one given. */
  | 'other_key'
  /** By the key, but not over this data (the file changed after it was signed). */
  | 'mismatch'

/** OpenPGP, as the provider registry needs it: reading public keys and checking detached signatures. */
export interface OpenPgpSignatures {
  /**
   * The key id (16 upper-case hex digits) of an ASCII-armored public key (RSA or DSA, as the
   * CLI verifies with). Raises `invalid` on `ascii-armor` when it is not one.
   */
  keyIdOf(asciiArmor: string): Promise<string>
  /** Checks `signature`, a detached signature of `data`, against the armored public key. */
  verify(asciiArmor: string, data: Uint8Array, signature: Uint8Array): Promise<SignatureCheck>
}

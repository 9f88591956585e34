import { armor, createMessage, enums, generateKey, readPrivateKey, sign } from 'openpgp'

/** A key that signs provider releases, made for one test: its public armor, its key id, and signatures it makes. */
export interface SigningKey {
  readonly asciiArmor: string
  /** 16 upper-case hex digits, as the API reads them from the armor. */
  readonly keyId: string
  /** A detached signature of `data`: binary, the only kind the CLIs accept, unless `armor`. */
  sign(data: Uint8Array, options?: { readonly armor?: boolean }): Promise<Uint8Array<ArrayBuffer>>
}

/**
 * A new Ed25519 key, made by openpgp.js in milliseconds (gpg's RSA keys take a second each). The
 * adapter's own tests check the keys and signatures gpg makes; these only need real ones.
 */
export async function aSigningKey(): Promise<SigningKey> {
  const made = await generateKey({ type: 'curve25519', userIDs: [{ name: 'Cairn test', email: 'signing@cairn.test' }], format: 'armored' })
  const privateKey = await readPrivateKey({ armoredKey: made.privateKey })
  return {
    asciiArmor: made.publicKey,
    keyId: privateKey.getKeyID().toHex().toUpperCase(),
    async sign(data, options = {}) {
      const message = await createMessage({ binary: data })
      const binary = new Uint8Array(await sign({ message, signingKeys: privateKey, detached: true, format: 'binary' }))
      return options.armor === true ? new TextEncoder().encode(armor(enums.armor.signature, binary)) : binary
    },
  }
}

import { openPgpSignaturesContract, type OpenPgpHarness } from '@cairn/testing/contracts'
import { afterAll } from 'vitest'
import { OpenPgpJsSignatures } from './openpgp-js-signatures.ts'
import { gpgKeyring, type GpgKeyring, type GpgMadeKey } from './test-support/gpg-keyring.ts'

let made: Promise<{ readonly keyring: GpgKeyring; readonly keys: readonly [GpgMadeKey, GpgMadeKey] }> | undefined

/** One keyring and two keys for the whole suite: gpg takes a second or two for an RSA key. */
function keyringOnce() {
  made ??= (async () => {
    const keyring = await gpgKeyring()
    return { keyring, keys: [await keyring.generate('rsa3072'), await keyring.generate('ed25519')] as const }
  })()
  return made
}

afterAll(async () => (await made)?.keyring.dispose())

openPgpSignaturesContract('openpgp.js, with keys and signatures made by gpg', async (): Promise<OpenPgpHarness> => {
  const { keyring, keys } = await keyringOnce()
  const signingKey = async (key: GpgMadeKey) => ({
    keyId: key.keyId,
    asciiArmor: await keyring.armoredPublicKey(key),
    sign: (data: Uint8Array) => keyring.sign(key, data),
    signArmored: (data: Uint8Array) => keyring.sign(key, data, { armor: true }),
  })
  return {
    signatures: new OpenPgpJsSignatures(),
    keys: async () => [await signingKey(keys[0]), await signingKey(keys[1])] as const,
    privateKeyArmor: () => keyring.armoredPrivateKey(keys[0]),
  }
})

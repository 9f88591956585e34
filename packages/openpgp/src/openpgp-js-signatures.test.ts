import { isCairnError } from '@cairn/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OpenPgpJsSignatures } from './openpgp-js-signatures.ts'
import { gpgKeyring, whyNoGpg, type GpgKeyring, type GpgMadeKey } from './test-support/gpg-keyring.ts'

const SHASUMS = new TextEncoder().encode(
  'f3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  terraform-provider-demo_1.0.0_linux_amd64.zip\n',
)
const OTHER_DATA = new TextEncoder().encode('0000000000000000000000000000000000000000000000000000000000000000  other.zip\n')

/** The message of the `invalid` error on `ascii-armor` that `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!isCairnError(error, 'invalid')) throw new Error(`expected an invalid CairnError, got ${String(error)}`)
  expect(error.fields.map((field) => field.field)).toEqual(['ascii-armor'])
  return error.message
}

const noGpg = whyNoGpg()
if (noGpg !== undefined) console.warn(`SKIPPED: OpenPgpJsSignatures is tested with keys and signatures gpg makes, and ${noGpg}`)

describe.skipIf(noGpg !== undefined)('OpenPgpJsSignatures with keys and signatures made by gpg', () => {
  const signatures = new OpenPgpJsSignatures()
  let keyring: GpgKeyring
  let rsa: GpgMadeKey
  let rsaArmor: string
  let stranger: GpgMadeKey
  let withSubkey: GpgMadeKey
  let subkey: GpgMadeKey

  beforeAll(async () => {
    keyring = await gpgKeyring()
    rsa = await keyring.generate('rsa3072')
    rsaArmor = await keyring.armoredPublicKey(rsa)
    stranger = await keyring.generate('ed25519')
    withSubkey = await keyring.generate('ed25519')
    subkey = await keyring.addSigningSubkey(withSubkey, 'rsa3072')
  }, 60_000)

  afterAll(() => keyring.dispose())

  describe('keyIdOf', () => {
    it("an RSA key's id is gpg's long key id", async () => {
      await expect(signatures.keyIdOf(rsaArmor)).resolves.toBe(rsa.keyId)
      expect(rsa.keyId).toMatch(/^[0-9A-F]{16}$/)
    })

    it("a DSA key's id is gpg's long key id", async (context) => {
      const dsa = await keyring.generate('dsa2048').catch((error: unknown) => {
        console.warn(`SKIPPED: this gpg cannot make a dsa2048 key: ${String(error)}`)
        return undefined
      })
      if (dsa === undefined) return context.skip('this gpg cannot make a dsa2048 key')
      const armor = await keyring.armoredPublicKey(dsa)
      await expect(signatures.keyIdOf(armor)).resolves.toBe(dsa.keyId)
      await expect(signatures.verify(armor, SHASUMS, await keyring.sign(dsa, SHASUMS))).resolves.toBe('valid')
    })

    it("an EdDSA key's id is gpg's long key id, and with a signing subkey the primary key's", async () => {
      await expect(signatures.keyIdOf(await keyring.armoredPublicKey(stranger))).resolves.toBe(stranger.keyId)
      await expect(signatures.keyIdOf(await keyring.armoredPublicKey(withSubkey))).resolves.toBe(withSubkey.keyId)
    })

    it('a private key is refused, saying it is one and that it was not stored', async () => {
      const message = await refusal(signatures.keyIdOf(await keyring.armoredPrivateKey(rsa)))
      expect(message).toMatch(/private key, which was not stored/)
    })

    it('garbage, an empty string and a truncated key are refused', async () => {
      expect(await refusal(signatures.keyIdOf('not a key'))).toMatch(/not an ASCII-armored public key/)
      expect(await refusal(signatures.keyIdOf(''))).toMatch(/not an ASCII-armored public key/)
      const truncated = rsaArmor.slice(0, rsaArmor.length / 2)
      expect(await refusal(signatures.keyIdOf(truncated))).toMatch(/not a readable OpenPGP public key/)
    })

    it('an armored signature is not a key', async () => {
      const armoredSignature = new TextDecoder().decode(await keyring.sign(rsa, SHASUMS, { armor: true }))
      expect(await refusal(signatures.keyIdOf(armoredSignature))).toMatch(/not an ASCII-armored public key/)
    })

    it('more than 64 KiB is refused before it is parsed', async () => {
      const padded = `${rsaArmor}\n${' '.repeat(64 * 1024)}`
      expect(await refusal(signatures.keyIdOf(padded))).toMatch(/longer than 64 KiB/)
    })
  })

  describe('verify', () => {
    it("gpg's binary detached signature of the data is valid", async () => {
      await expect(signatures.verify(rsaArmor, SHASUMS, await keyring.sign(rsa, SHASUMS))).resolves.toBe('valid')
    })

    it('an ASCII-armored signature is armored, though it is otherwise good', async () => {
      const armored = await keyring.sign(rsa, SHASUMS, { armor: true })
      await expect(signatures.verify(rsaArmor, SHASUMS, armored)).resolves.toBe('armored')
    })

    it("another key's signature is other_key", async () => {
      await expect(signatures.verify(rsaArmor, SHASUMS, await keyring.sign(stranger, SHASUMS))).resolves.toBe('other_key')
    })

    it("the key's signature of other data is mismatch", async () => {
      await expect(signatures.verify(rsaArmor, OTHER_DATA, await keyring.sign(rsa, SHASUMS))).resolves.toBe('mismatch')
    })

    it('bytes that are no OpenPGP signature are unreadable, without throwing', async () => {
      const garbage = [new Uint8Array(), new TextEncoder().encode('not a signature'), new Uint8Array(512).fill(0xff)]
      for (const bytes of garbage) await expect(signatures.verify(rsaArmor, SHASUMS, bytes)).resolves.toBe('unreadable')
      const truncated = (await keyring.sign(rsa, SHASUMS)).subarray(0, 40)
      await expect(signatures.verify(rsaArmor, SHASUMS, truncated)).resolves.toBe('unreadable')
    })

    it('a signature by the signing subkey is valid against the primary key, as the CLI accepts it', async () => {
      const armor = await keyring.armoredPublicKey(withSubkey)
      await expect(signatures.verify(armor, SHASUMS, await keyring.sign(subkey, SHASUMS))).resolves.toBe('valid')
      await expect(signatures.verify(armor, SHASUMS, await keyring.sign(withSubkey, SHASUMS))).resolves.toBe('valid')
      await expect(signatures.verify(armor, OTHER_DATA, await keyring.sign(subkey, SHASUMS))).resolves.toBe('mismatch')
    })
  })
})

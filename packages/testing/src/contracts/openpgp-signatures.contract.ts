import { isCairnError, type OpenPgpSignatures } from '@cairn/core'
import { describe, expect, it } from 'vitest'

/** A key of the implementation under test, and detached signatures by it. */
export interface SigningKey {
  readonly keyId: string
  readonly asciiArmor: string
  readonly sign: (data: Uint8Array) => Promise<Uint8Array>
  readonly signArmored: (data: Uint8Array) => Promise<Uint8Array>
}

export interface OpenPgpHarness {
  readonly signatures: OpenPgpSignatures
  /** Two different keys, each made once for the suite. */
  readonly keys: () => Promise<readonly [SigningKey, SigningKey]>
  /** A private key, ASCII-armored, which must never be taken for a public one. */
  readonly privateKeyArmor: () => Promise<string>
}

const DATA = new TextEncoder().encode(
  '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  terraform-provider-x_1.0.0_linux_amd64.zip\n',
)

/**
 * What every `OpenPgpSignatures` promises the provider registry: the key id of a public key, and
 * a verdict on a detached signature that tells the publisher what is wrong, never throwing for
 * bad signature bytes.
 */
export function openPgpSignaturesContract(name: string, open: () => Promise<OpenPgpHarness>): void {
  describe(`OpenPgpSignatures contract: ${name}`, () => {
    it('reads the key id of a public key, and refuses what is not one with invalid on ascii-armor', async () => {
      const { signatures, keys, privateKeyArmor } = await open()
      const [key] = await keys()
      expect(await signatures.keyIdOf(key.asciiArmor)).toBe(key.keyId)
      for (const bad of ['', 'not a key', await privateKeyArmor()]) {
        const error: unknown = await signatures.keyIdOf(bad).catch((caught: unknown) => caught)
        expect(isCairnError(error, 'invalid') && error.fields[0]?.field === 'ascii-armor', bad.slice(0, 40)).toBe(true)
      }
    })

    it('finds a binary detached signature by the key over the data valid', async () => {
      const { signatures, keys } = await open()
      const [key] = await keys()
      expect(await signatures.verify(key.asciiArmor, DATA, await key.sign(DATA))).toBe('valid')
    })

    it('tells an armored signature, another key, changed data and unreadable bytes apart', async () => {
      const { signatures, keys } = await open()
      const [key, other] = await keys()
      expect(await signatures.verify(key.asciiArmor, DATA, await key.signArmored(DATA))).toBe('armored')
      expect(await signatures.verify(key.asciiArmor, DATA, await other.sign(DATA))).toBe('other_key')
      const changed = new TextEncoder().encode('changed')
      expect(await signatures.verify(key.asciiArmor, changed, await key.sign(DATA))).toBe('mismatch')
      for (const bytes of [new Uint8Array(), new TextEncoder().encode('garbage'), new Uint8Array([0xff, 0x00, 0x01])]) {
        expect(await signatures.verify(key.asciiArmor, DATA, bytes)).toBe('unreadable')
      }
    })
  })
}

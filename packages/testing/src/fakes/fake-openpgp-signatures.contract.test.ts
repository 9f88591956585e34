import { openPgpSignaturesContract } from '../contracts/index.ts'
import { FakeOpenPgpSignatures, fakeGpgKey } from './fake-openpgp-signatures.ts'

const asSigningKey = (keyId: string) => {
  const key = fakeGpgKey(keyId)
  return { ...key, sign: async (data: Uint8Array) => key.sign(data), signArmored: async (data: Uint8Array) => key.signArmored(data) }
}

openPgpSignaturesContract('fake', async () => ({
  signatures: new FakeOpenPgpSignatures(),
  keys: async () => [asSigningKey('13DFECCA3B58CE4A'), asSigningKey('0123456789ABCDEF')] as const,
  privateKeyArmor: async () => '-----BEGIN PGP PRIVATE KEY BLOCK-----\nfake-key:13DFECCA3B58CE4A\n-----END PGP PRIVATE KEY BLOCK-----\n',
}))

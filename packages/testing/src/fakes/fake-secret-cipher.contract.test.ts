import { secretCipherContract } from '../contracts/index.ts'
import { FakeSecretCipher } from './fake-secret-cipher.ts'

secretCipherContract('fake', () => new FakeSecretCipher())

import { urlSignerContract } from '../contracts/index.ts'
import { FakeUrlSigner } from './fake-url-signer.ts'

urlSignerContract('fake', () => new FakeUrlSigner())

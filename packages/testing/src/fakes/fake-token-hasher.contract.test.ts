import { tokenHasherContract } from '../contracts/index.ts'
import { FakeTokenHasher } from './fake-token-hasher.ts'

tokenHasherContract('fake', () => new FakeTokenHasher())

import { passwordHasherContract } from '../contracts/index.ts'
import { FakePasswordHasher } from './fake-password-hasher.ts'

passwordHasherContract('fake', () => new FakePasswordHasher())

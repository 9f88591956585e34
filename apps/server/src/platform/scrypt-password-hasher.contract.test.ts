import { passwordHasherContract } from '@cairn/testing/contracts'
import { BoundedPasswordHasher } from './bounded-password-hasher.ts'
import { ScryptPasswordHasher } from './scrypt-password-hasher.ts'

passwordHasherContract('scrypt', () => new ScryptPasswordHasher())
// As the server runs it: scrypt, a bounded number of hashes at once.
passwordHasherContract('scrypt, bounded', () => new BoundedPasswordHasher(new ScryptPasswordHasher()))

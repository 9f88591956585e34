import { tokenHasherContract } from '@cairn/testing/contracts'
import { Sha256TokenHasher } from './sha256-token-hasher.ts'

tokenHasherContract('SHA-256', () => new Sha256TokenHasher())

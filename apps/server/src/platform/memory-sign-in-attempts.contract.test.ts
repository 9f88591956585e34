import { signInAttemptsContract } from '@cairn/testing/contracts'
import { MemorySignInAttempts } from './memory-sign-in-attempts.ts'

const LIMITS = { failuresPerUsername: 3, failuresPerAddress: 5, windowSeconds: 60 }

signInAttemptsContract('in memory, by window', { open: () => new MemorySignInAttempts(LIMITS), ...LIMITS })

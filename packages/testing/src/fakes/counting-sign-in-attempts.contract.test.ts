import { signInAttemptsContract } from '../contracts/index.ts'
import { CountingSignInAttempts } from './counting-sign-in-attempts.ts'

signInAttemptsContract('counting', {
  open: () => new CountingSignInAttempts({ maxFailures: 3 }),
  failuresPerUsername: 3,
  failuresPerAddress: 3,
})

import type { Clock } from '../ports/clock.ts'
import type { IdGenerator } from '../ports/id-generator.ts'
import type { TokenHasher } from '../ports/token-hasher.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'

/** The ports most use cases draw on; each names the subset it needs with `Pick`. */
export interface UseCaseDeps {
  readonly unitOfWork: UnitOfWork
  readonly clock: Clock
  readonly ids: IdGenerator
  readonly hasher: TokenHasher
}

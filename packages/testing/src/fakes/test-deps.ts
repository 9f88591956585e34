import { FakeTokenHasher } from './fake-token-hasher.ts'
import { InMemoryHealthCheck } from './in-memory-health-check.ts'
import { ManualClock } from './manual-clock.ts'
import { SequentialIds } from './sequential-ids.ts'
import { InMemoryUnitOfWork } from '../memory/in-memory-unit-of-work.ts'

/** Fresh in-memory ports for one test: what every use case needs. */
export function inMemoryDeps() {
  return {
    unitOfWork: new InMemoryUnitOfWork(),
    clock: new ManualClock(),
    ids: new SequentialIds(),
    hasher: new FakeTokenHasher(),
    health: new InMemoryHealthCheck(),
  }
}

export type InMemoryDeps = ReturnType<typeof inMemoryDeps>

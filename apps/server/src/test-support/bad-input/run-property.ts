import fc from 'fast-check'
import { check } from './answer-checks.ts'
import { SEED } from './runs.ts'
import type { Sent } from './sent.ts'
import { stateWatch, type StateReader } from './stored-state.ts'

/**
 * Sends `runs` generated cases from SEED, one at a time: each answer must pass `check`, and the
 * stored state must end as the baseline (compared every `snapshotEvery` requests, see stateWatch).
 */
export async function runProperty<T>(
  server: StateReader & { readonly baseline: string },
  cases: fc.Arbitrary<T>,
  options: {
    readonly runs: number
    readonly snapshotEvery: number
    readonly request: (value: T) => { sent: Sent; successAllowed: boolean }
  },
): Promise<void> {
  const watch = stateWatch(server, options.snapshotEvery)
  await fc.assert(
    fc.asyncProperty(cases, async (value) => {
      const { sent, successAllowed } = options.request(value)
      const answer = await server.send(sent)
      await watch.record(sent)
      check(sent, answer, successAllowed)
    }),
    { numRuns: options.runs, seed: SEED },
  )
  await watch.assertUnchanged()
}

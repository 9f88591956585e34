import { createUseCases, isCairnError, workJobs, type CairnPorts, type Repositories } from '@cairn/core'
import { afterAll, beforeAll } from 'vitest'
import type { OpenedStore } from './stores.ts'

// The check-then-write use cases, run twice at once through the real unit of work. PostgreSQL
// runs the two transactions side by side, so each race really happens there; PGlite (one
// connection) runs them one after the other and passes trivially. The two need not overlap on
// every try, hence the repetitions.
export const REPETITIONS = 10
// Ten races take about a second alone; more when the other test files load the same database.
export const TIMEOUT_MS = 30_000

/** How each of two settled operations ended, in a stable order: `fulfilled` or the error code. */
export function outcomes(results: readonly PromiseSettledResult<unknown>[]): string[] {
  return results
    .map((result) => {
      if (result.status === 'fulfilled') return 'fulfilled'
      if (isCairnError(result.reason)) return result.reason.code
      throw result.reason
    })
    .sort()
}

/**
 * The use cases over the store `open` gives, with `fakes` (the test's, as persistence may not
 * import @cairn/testing outside tests) for every other port; call it inside a `describe`, whose
 * beforeAll opens and migrates the store and whose afterAll closes it. `seed` runs work on the store
 * directly, bypassing the use cases.
 */
export function concurrentUseCases(open: () => Promise<OpenedStore>, fakes: Omit<CairnPorts, 'unitOfWork'>) {
  let opened: OpenedStore
  // The store opens in beforeAll; the use cases are built now, over a unit of work that waits for it.
  const ports: CairnPorts = {
    ...fakes,
    unitOfWork: {
      run: (work) => opened.store.unitOfWork.run(work),
      read: (work) => opened.store.unitOfWork.read(work),
      autocommit: (work) => opened.store.unitOfWork.autocommit(work),
    },
  }
  const useCases = createUseCases(ports)
  const seed = <T>(work: (repositories: Repositories) => Promise<T>) => opened.store.unitOfWork.run(work)

  beforeAll(async () => {
    opened = await open()
    await opened.store.migrate()
    await workJobs(ports.jobs, useCases)
  }, 60_000)

  afterAll(async () => {
    await ports.jobs.stop()
    await opened?.dispose()
  })

  return { ports, useCases, seed, store: () => opened.store }
}

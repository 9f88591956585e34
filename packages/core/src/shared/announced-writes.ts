import type { StoreChanges } from '../ports/store-changes.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import { clearedByWrites, type StoreCache } from './store-cache.ts'

/**
 * `unitOfWork` for use cases that read through `caches`, kept fresh across processes: a unit of
 * work of this process clears them when it ends (`clearedByWrites`) and, once committed, is
 * announced to the other processes sharing the store; a write they announce clears them here.
 * The clearing is `StoreCache.invalidate`, so a load that straddles it is not kept either.
 */
export function announcedWrites(
  unitOfWork: UnitOfWork,
  caches: readonly Pick<StoreCache<unknown>, 'invalidate'>[],
  changes: StoreChanges,
): UnitOfWork {
  changes.subscribe(() => {
    for (const cache of caches) cache.invalidate()
  })
  const cleared = clearedByWrites(unitOfWork, caches)
  return {
    run: async <T>(work: (repositories: Repositories) => Promise<T>): Promise<T> => {
      const result = await cleared.run(work)
      // Awaited, so that once a write is answered the others hear of it within their bound.
      await changes.announce()
      return result
    },
    read: (work) => cleared.read(work),
    autocommit: async <T>(work: (repositories: Repositories) => Promise<T>): Promise<T> => {
      try {
        return await cleared.autocommit(work)
      } finally {
        // Even when it failed: a statement whose connection was lost may have landed.
        await changes.announce()
      }
    },
  }
}

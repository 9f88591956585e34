import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import { describe, expect, it } from 'vitest'
import { DownloadTally } from './download-tally.ts'

/** A unit of work whose store records the batches it is given, failing when told to. */
function recordingStore() {
  const batches: Map<string, number>[] = []
  let failing = false
  const unitOfWork: UnitOfWork = {
    run: async <T>(work: (repositories: Repositories) => Promise<T>): Promise<T> => {
      const registryModules = {
        addDownloads: async (counts: ReadonlyMap<string, number>) => {
          if (failing) throw new Error('database down')
          batches.push(new Map(counts))
        },
      }
      return work({ registryModules } as unknown as Repositories)
    },
    read: () => Promise.reject(new Error('the tally only writes')),
  }
  return { unitOfWork, batches, fail: (value: boolean) => (failing = value) }
}

describe('DownloadTally', () => {
  it('writes the counts since the last flush in one batch, and nothing when there are none', async () => {
    const store = recordingStore()
    const tally = new DownloadTally(store.unitOfWork)
    tally.record('v1')
    tally.record('v1')
    tally.record('v2')
    await tally.flush()
    await tally.flush()
    expect(store.batches).toEqual([new Map([['v1', 2], ['v2', 1]])])
  })

  it('keeps the counts of a failed flush for the next one', async () => {
    const store = recordingStore()
    const tally = new DownloadTally(store.unitOfWork)
    tally.record('v1')
    store.fail(true)
    await expect(tally.flush()).rejects.toThrow('database down')
    tally.record('v1')
    store.fail(false)
    await tally.flush()
    expect(store.batches).toEqual([new Map([['v1', 2]])])
  })
})

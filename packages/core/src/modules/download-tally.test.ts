import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import { describe, expect, it } from 'vitest'
import { DOWNLOADS_PER_WRITE, DownloadTally } from './download-tally.ts'

/** A unit of work whose store records the batches it is given, failing when told to. */
function recordingStore() {
  const batches: Map<string, number>[] = []
  let failing = false
  const unitOfWork: UnitOfWork = {
    run: () => Promise.reject(new Error('counts are added without a transaction')),
    autocommit: async <T>(work: (repositories: Repositories) => Promise<T>): Promise<T> => {
      const moduleHousekeeping = {
        addDownloads: async (counts: ReadonlyMap<string, number>) => {
          if (failing) throw new Error('database down')
          batches.push(new Map(counts))
        },
      }
      return work({ moduleHousekeeping } as unknown as Repositories)
    },
    read: () => Promise.reject(new Error('the tally only writes')),
  }
  const tally = () =>
    new DownloadTally((counts) => unitOfWork.autocommit(({ moduleHousekeeping }) => moduleHousekeeping.addDownloads(counts)))
  return { tally, batches, fail: (value: boolean) => (failing = value) }
}

describe('DownloadTally', () => {
  it('writes the counts since the last flush in one batch, and nothing when there are none', async () => {
    const store = recordingStore()
    const tally = store.tally()
    tally.record('v1')
    tally.record('v1')
    tally.record('v2')
    expect(await tally.flush()).toEqual({ downloads: 3, versions: 2 })
    expect(await tally.flush()).toEqual({ downloads: 0, versions: 0 })
    expect(store.batches).toEqual([
      new Map([
        ['v1', 2],
        ['v2', 1],
      ]),
    ])
  })

  it('keeps the counts of a failed flush for the next one', async () => {
    const store = recordingStore()
    const tally = store.tally()
    tally.record('v1')
    store.fail(true)
    await expect(tally.flush()).rejects.toThrow('database down')
    tally.record('v1')
    store.fail(false)
    await tally.flush()
    expect(store.batches).toEqual([new Map([['v1', 2]])])
  })

  it('writes more versions than one write takes in several, letting timers run between them', async () => {
    const store = recordingStore()
    const tally = store.tally()
    const versions = Array.from({ length: 2 * DOWNLOADS_PER_WRITE + 1 }, (_, i) => `v${i}`)
    for (const version of versions) tally.record(version)
    let timerRanAfterWrites = -1
    setTimeout(() => (timerRanAfterWrites = store.batches.length), 0)
    await tally.flush()
    expect(store.batches.map((batch) => batch.size)).toEqual([DOWNLOADS_PER_WRITE, DOWNLOADS_PER_WRITE, 1])
    expect(new Set(store.batches.flatMap((batch) => [...batch.keys()]))).toEqual(new Set(versions))
    // Other work waiting on the event loop ran after the first write, not after the flush.
    expect(timerRanAfterWrites).toBe(1)
  })

  it('keeps the counts of the writes a failure stopped, and only those', async () => {
    const store = recordingStore()
    const tally = store.tally()
    for (let i = 0; i <= DOWNLOADS_PER_WRITE; i++) tally.record(`v${i}`)
    setTimeout(() => store.fail(true), 0)
    await expect(tally.flush()).rejects.toThrow('database down')
    store.fail(false)
    await tally.flush()
    expect(store.batches.map((batch) => [...batch])).toEqual([
      Array.from({ length: DOWNLOADS_PER_WRITE }, (_, i) => [`v${i}`, 1]),
      [[`v${DOWNLOADS_PER_WRITE}`, 1]],
    ])
  })
})

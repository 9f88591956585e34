import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DOWNLOAD_FLUSH_INTERVAL_MS, startDownloadFlushing } from './download-flushing.ts'

describe('startDownloadFlushing', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('flushes every interval and once more when stopped; a failure is logged, not thrown', async () => {
    let flushes = 0
    let failing = false
    const logged: string[] = []
    const flushing = startDownloadFlushing({
      moduleRegistry: {
        flushDownloads: async () => {
          flushes += 1
          if (failing) throw new Error('database down')
          return { downloads: flushes, versions: 1 }
        },
      },
      providerProtocol: { flushDownloads: async () => ({ downloads: 10, versions: 2 }) },
      tokenUses: { flush: async () => 0 },
      providerMirror: { flushUses: async () => ({ downloads: 0, versions: 0 }) },
      log: { error: (message) => logged.push(message) },
    })
    await vi.advanceTimersByTimeAsync(DOWNLOAD_FLUSH_INTERVAL_MS - 1)
    expect(flushes).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(flushes).toBe(1)
    failing = true
    await vi.advanceTimersByTimeAsync(DOWNLOAD_FLUSH_INTERVAL_MS)
    expect(logged).toEqual(['download counts not written yet'])
    failing = false
    // The last flush's counts, module and provider downloads together, for the server's "stopped" line.
    expect(await flushing.stop()).toEqual({ downloads: 13, versions: 3 })
    expect(flushes).toBe(3)
    await vi.advanceTimersByTimeAsync(DOWNLOAD_FLUSH_INTERVAL_MS * 3)
    expect(flushes).toBe(3)
  })

  it('runs one flush at a time; stopped during one, waits for it and then flushes what it left', async () => {
    const events: string[] = []
    let finishFirst: () => void = () => undefined
    const flushing = startDownloadFlushing({
      moduleRegistry: {
        flushDownloads: async () => {
          events.push('flush started')
          // The first flush writes until told to finish; a failed batch's counts would be left for the next.
          if (events.length === 1) await new Promise<void>((resolve) => (finishFirst = resolve))
          events.push('flush ended')
          return { downloads: 0, versions: 0 }
        },
      },
      providerProtocol: { flushDownloads: async () => ({ downloads: 0, versions: 0 }) },
      tokenUses: { flush: async () => 0 },
      providerMirror: { flushUses: async () => ({ downloads: 0, versions: 0 }) },
      log: { error: () => undefined },
    })
    await vi.advanceTimersByTimeAsync(DOWNLOAD_FLUSH_INTERVAL_MS)
    // A tick while it is under way starts no second flush beside it.
    await vi.advanceTimersByTimeAsync(DOWNLOAD_FLUSH_INTERVAL_MS)
    const stopped = flushing.stop()
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual(['flush started'])
    finishFirst()
    await stopped
    expect(events).toEqual(['flush started', 'flush ended', 'flush started', 'flush ended'])
  })
})

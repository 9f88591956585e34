import { afterEach, describe, expect, it, vi } from 'vitest'
import { startUploadSweep } from './upload-sweep.ts'

describe('startUploadSweep', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('sweeps at start, then within two and a half to seven and a half minutes, and stops', async () => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(0.999)
    const execute = vi.fn().mockResolvedValue({ requeued: [], failed: [] })
    const sweep = startUploadSweep({ sweepStuckUploads: { execute }, log: { error: vi.fn() } }, true)
    await vi.advanceTimersByTimeAsync(0)
    expect(execute).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(449_000)
    expect(execute).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(execute).toHaveBeenCalledTimes(2)
    await sweep.stop()
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(execute).toHaveBeenCalledTimes(2)
  })

  it('never sweeps in an instance that works no jobs', async () => {
    vi.useFakeTimers()
    const execute = vi.fn().mockResolvedValue({ requeued: [], failed: [] })
    const sweep = startUploadSweep({ sweepStuckUploads: { execute }, log: { error: vi.fn() } }, false)
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(execute).not.toHaveBeenCalled()
    await sweep.stop()
  })
})

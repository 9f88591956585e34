import { afterEach, describe, expect, it, vi } from 'vitest'
import { startVcsPoll } from './vcs-poll.ts'

describe('startVcsPoll', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('polls within half to one and a half intervals, again after each poll, survives a failure, and stops', async () => {
    vi.useFakeTimers()
    // The shortest wait first, then the longest.
    vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValue(0.999)
    const log = { error: vi.fn() }
    const execute = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(0)
    const poll = startVcsPoll({ pollVcsModules: { execute }, log }, 10)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(execute).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(execute).toHaveBeenCalledTimes(1)
    expect(log.error).toHaveBeenCalledWith('VCS poll failed', { error: 'Error: database down' })
    await vi.advanceTimersByTimeAsync(14_980)
    expect(execute).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(20)
    expect(execute).toHaveBeenCalledTimes(2)
    await poll.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(execute).toHaveBeenCalledTimes(2)
  })

  it('never polls with an interval of 0', async () => {
    vi.useFakeTimers()
    const execute = vi.fn().mockResolvedValue(0)
    const poll = startVcsPoll({ pollVcsModules: { execute }, log: { error: vi.fn() } }, 0)
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(execute).not.toHaveBeenCalled()
    await poll.stop()
  })
})

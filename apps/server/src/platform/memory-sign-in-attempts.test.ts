import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemorySignInAttempts } from './memory-sign-in-attempts.ts'

const limits = { failuresPerUsername: 3, failuresPerAddress: 5, windowSeconds: 60 }

describe('MemorySignInAttempts', () => {
  afterEach(() => vi.useRealTimers())

  it('makes a username wait once it failed its limit, from any address, until its window ends', async () => {
    vi.useFakeTimers()
    const attempts = new MemorySignInAttempts(limits)
    for (const address of ['10.0.0.1', '10.0.0.2']) await attempts.failed({ username: 'bob', address })
    await expect(attempts.waitBefore({ username: 'bob', address: '10.0.0.3' })).resolves.toBe(0)
    await attempts.failed({ username: 'Bob', address: '10.0.0.3' })
    expect(await attempts.waitBefore({ username: 'bob', address: '10.0.0.4' })).toBeCloseTo(60, 0)
    await expect(attempts.waitBefore({ username: 'carol', address: '10.0.0.4' })).resolves.toBe(0)
    vi.advanceTimersByTime(45_000)
    expect(await attempts.waitBefore({ username: 'bob', address: undefined })).toBeCloseTo(15, 0)
    vi.advanceTimersByTime(15_001)
    await expect(attempts.waitBefore({ username: 'bob', address: undefined })).resolves.toBe(0)
  })

  it('makes an address wait once it failed its limit over any usernames; a success forgets only the username', async () => {
    const attempts = new MemorySignInAttempts(limits)
    for (const username of ['a', 'b', 'c', 'd']) await attempts.failed({ username, address: '192.0.2.7' })
    await attempts.failed({ username: 'e', address: '192.0.2.7' })
    expect(await attempts.waitBefore({ username: 'someone', address: '192.0.2.7' })).toBeGreaterThan(59)
    await expect(attempts.waitBefore({ username: 'someone', address: '192.0.2.8' })).resolves.toBe(0)
    await attempts.failed({ username: 'a', address: '192.0.2.9' })
    await attempts.failed({ username: 'a', address: '192.0.2.9' })
    await attempts.succeeded({ username: 'a', address: '192.0.2.7' })
    await attempts.failed({ username: 'a', address: '192.0.2.9' })
    await expect(attempts.waitBefore({ username: 'a', address: '192.0.2.9' })).resolves.toBe(0)
    expect(await attempts.waitBefore({ username: 'a', address: '192.0.2.7' })).toBeGreaterThan(59)
  })
})

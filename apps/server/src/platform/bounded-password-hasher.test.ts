import type { PasswordHasher } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { BoundedPasswordHasher } from './bounded-password-hasher.ts'

/** A hasher whose hashes finish when the test says, counting how many run at once. */
function gatedHasher() {
  const gates: (() => void)[] = []
  const counts = { running: 0, most: 0 }
  const hasher: PasswordHasher = {
    async hash(password) {
      counts.running += 1
      counts.most = Math.max(counts.most, counts.running)
      await new Promise<void>((resolve) => gates.push(resolve))
      counts.running -= 1
      return `hash:${password}`
    },
    async verify(password, hash) {
      return hash === (await this.hash(password))
    },
  }
  // Queued work starts a few microtasks after it is admitted: a turn of the event loop first.
  const openAll = async () => {
    do {
      await new Promise((resolve) => setImmediate(resolve))
      gates.splice(0).forEach((open) => open())
    } while (gates.length > 0 || counts.running > 0)
  }
  return { hasher, counts, openAll }
}

describe('BoundedPasswordHasher', () => {
  it('runs at most `concurrency` hashes and verifications at once, the rest in turn', async () => {
    const { hasher, counts, openAll } = gatedHasher()
    const bounded = new BoundedPasswordHasher(hasher, { concurrency: 2, maxWaiting: 10 })
    const results = Promise.all([...Array.from({ length: 6 }, (_, index) => bounded.hash(`p${index}`)), bounded.verify('p0', 'hash:p0')])
    await new Promise((resolve) => setImmediate(resolve))
    expect(counts.running).toBe(2)
    await openAll()
    await expect(results).resolves.toEqual(['hash:p0', 'hash:p1', 'hash:p2', 'hash:p3', 'hash:p4', 'hash:p5', true])
    expect(counts.most).toBe(2)
  })

  it('refuses at once, as unavailable with a Retry-After, beyond `maxWaiting` waiting', async () => {
    const { hasher, openAll } = gatedHasher()
    const bounded = new BoundedPasswordHasher(hasher, { concurrency: 1, maxWaiting: 2 })
    const admitted = Promise.all([bounded.hash('a'), bounded.hash('b'), bounded.hash('c')])
    await expect(bounded.verify('d', 'hash:d')).rejects.toMatchObject({ code: 'unavailable', retryAfterSeconds: 2 })
    await openAll()
    await expect(admitted).resolves.toEqual(['hash:a', 'hash:b', 'hash:c'])
    // Room again once the queue drained.
    const later = bounded.hash('e')
    await openAll()
    await expect(later).resolves.toBe('hash:e')
  })
})

import type { SignInAttempts } from '@cairn/core'
import { describe, expect, it } from 'vitest'

/** Attempts that count failures against these limits, counted afresh. */
export interface SignInAttemptsHarness {
  readonly open: () => SignInAttempts
  readonly failuresPerUsername: number
  readonly failuresPerAddress: number
}

/**
 * What every `SignInAttempts` promises sign-in: an attempt waits once its username (in any case)
 * or its address has failed its limit, not before; a success forgets the username's failures,
 * not the address's; an attempt without an address counts against its username alone.
 */
export function signInAttemptsContract(name: string, { open, failuresPerUsername, failuresPerAddress }: SignInAttemptsHarness): void {
  describe(`SignInAttempts contract: ${name}`, () => {
    const failTimes = async (
      attempts: SignInAttempts,
      times: number,
      attempt: (n: number) => { username: string; address: string | undefined },
    ) => {
      for (let n = 0; n < times; n++) await attempts.failed(attempt(n))
    }

    it('lets an attempt in at once until its username failed its limit, from any address; then it waits', async () => {
      const attempts = open()
      await expect(attempts.waitBefore({ username: 'bob', address: '192.0.2.1' })).resolves.toBe(0)
      await failTimes(attempts, failuresPerUsername - 1, (n) => ({ username: n % 2 === 0 ? 'bob' : 'Bob', address: `192.0.2.${n + 10}` }))
      await expect(attempts.waitBefore({ username: 'bob', address: '192.0.2.1' })).resolves.toBe(0)
      await attempts.failed({ username: 'BOB', address: undefined })
      expect(await attempts.waitBefore({ username: 'bob', address: '198.51.100.1' })).toBeGreaterThan(0)
      await expect(attempts.waitBefore({ username: 'carol', address: '198.51.100.1' })).resolves.toBe(0)
    })

    it('makes an address wait once it failed its limit, over any usernames', async () => {
      const attempts = open()
      await failTimes(attempts, failuresPerAddress, (n) => ({ username: `user${n}`, address: '203.0.113.7' }))
      expect(await attempts.waitBefore({ username: 'someone', address: '203.0.113.7' })).toBeGreaterThan(0)
      await expect(attempts.waitBefore({ username: 'someone', address: '203.0.113.8' })).resolves.toBe(0)
    })

    it('forgets a username’s failures once it signs in, but not its address’s', async () => {
      const attempts = open()
      await failTimes(attempts, failuresPerUsername, () => ({ username: 'dave', address: '203.0.113.9' }))
      await failTimes(attempts, failuresPerAddress - failuresPerUsername, (n) => ({ username: `other${n}`, address: '203.0.113.9' }))
      await attempts.succeeded({ username: 'dave', address: '203.0.113.9' })
      await expect(attempts.waitBefore({ username: 'dave', address: '198.51.100.2' })).resolves.toBe(0)
      expect(await attempts.waitBefore({ username: 'dave', address: '203.0.113.9' })).toBeGreaterThan(0)
    })
  })
}

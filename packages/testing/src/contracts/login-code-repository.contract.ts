import type { LoginCode } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { minute, seedUsers } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

function aLoginCode(overrides: Partial<LoginCode> = {}): LoginCode {
  return {
    digest: 'd'.repeat(64),
    userId: 'user-alice',
    sessionId: 'sess-0000000000000001',
    clientId: 'terraform-cli',
    redirectUri: 'http://localhost:10000/login',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    createdAt: minute(1),
    expiresAt: minute(6),
    ...overrides,
  }
}

export function loginCodeRepositoryContract(name: string, open: StoreHarness): void {
  describe(`LoginCodeRepository contract: ${name}`, () => {
    const store = useStore(open)

    it('gives a stored code back once: a second take finds nothing', async () => {
      await seedUsers(store(), 'alice')
      const code = aLoginCode()
      await store().run(({ loginCodes }) => loginCodes.add(code))
      await expect(store().run(({ loginCodes }) => loginCodes.take(code.digest))).resolves.toEqual(code)
      await expect(store().run(({ loginCodes }) => loginCodes.take(code.digest))).resolves.toBeUndefined()
    })

    it('gives a code to only one of two concurrent takes', async () => {
      await seedUsers(store(), 'alice')
      const code = aLoginCode()
      await store().run(({ loginCodes }) => loginCodes.add(code))
      const takes = await Promise.all([1, 2].map(() => store().run(({ loginCodes }) => loginCodes.take(code.digest))))
      expect(takes.filter((taken) => taken !== undefined)).toEqual([code])
    })

    it('gives nothing for a digest it does not have', async () => {
      await expect(store().run(({ loginCodes }) => loginCodes.take('e'.repeat(64)))).resolves.toBeUndefined()
    })

    it('keeps a code taken in a unit of work that failed', async () => {
      await seedUsers(store(), 'alice')
      const code = aLoginCode()
      await store().run(({ loginCodes }) => loginCodes.add(code))
      const failed = store().run(async ({ loginCodes }) => {
        await loginCodes.take(code.digest)
        throw new Error('refused')
      })
      await expect(failed).rejects.toThrow('refused')
      await expect(store().run(({ loginCodes }) => loginCodes.take(code.digest))).resolves.toEqual(code)
    })

    it('drops the codes that expired before a new one is added, and keeps the live ones', async () => {
      await seedUsers(store(), 'alice')
      const stale = aLoginCode({ digest: 'a'.repeat(64), createdAt: minute(1), expiresAt: minute(6) })
      const live = aLoginCode({ digest: 'b'.repeat(64), createdAt: minute(5), expiresAt: minute(10) })
      await store().run(({ loginCodes }) => loginCodes.add(stale))
      await store().run(({ loginCodes }) => loginCodes.add(live))
      await store().run(({ loginCodes }) =>
        loginCodes.add(aLoginCode({ digest: 'c'.repeat(64), createdAt: minute(7), expiresAt: minute(12) })),
      )
      await expect(store().run(({ loginCodes }) => loginCodes.take(stale.digest))).resolves.toBeUndefined()
      await expect(store().run(({ loginCodes }) => loginCodes.take(live.digest))).resolves.toEqual(live)
    })

    it('refuses a code for a user it does not have with not_found', async () => {
      await expect(store().run(({ loginCodes }) => loginCodes.add(aLoginCode({ userId: 'user-missing' })))).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('drops a user’s codes with the user', async () => {
      await seedUsers(store(), 'alice')
      const code = aLoginCode()
      await store().run(({ loginCodes }) => loginCodes.add(code))
      await store().run(({ users }) => users.remove('user-alice'))
      await expect(store().run(({ loginCodes }) => loginCodes.take(code.digest))).resolves.toBeUndefined()
    })
  })
}

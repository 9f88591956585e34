import { inMemoryDeps, signUpUser } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { createUseCases } from '../use-cases.ts'
import { TOKEN_USE_PRECISION_MS } from './token-uses.ts'

describe('TokenUses', () => {
  async function world() {
    const deps = inMemoryDeps()
    const cases = createUseCases(deps)
    const user = await signUpUser(cases, 'alice')
    const { bearer, token } = await cases.userTokens.create.execute({ user: { id: user.user.id }, description: 'ci' }, OPERATOR)
    const lastUsed = async () =>
      (await cases.userTokens.list.execute({ userId: user.user.id }, OPERATOR)).find((t) => t.id === token.id)?.lastUsedAt
    // Signing up authenticated a token of its own: its use is written here, out of the way.
    await cases.tokenUses.flush()
    return { deps, cases, bearer, lastUsed }
  }

  it("records a token's use to the minute when the uses are flushed, and nothing before", async () => {
    const { deps, cases, bearer, lastUsed } = await world()
    expect(await lastUsed()).toBeNull()
    await cases.authenticateToken.execute(bearer)
    expect(await lastUsed()).toBeNull()
    expect(await cases.tokenUses.flush()).toBe(1)
    const minute = Math.floor(deps.clock.now().getTime() / TOKEN_USE_PRECISION_MS) * TOKEN_USE_PRECISION_MS
    expect(await lastUsed()).toEqual(new Date(minute))
  })

  it('writes a token once a minute however many requests it authenticates, and again the next minute', async () => {
    const { deps, cases, bearer, lastUsed } = await world()
    for (let i = 0; i < 5; i += 1) await cases.authenticateToken.execute(bearer)
    expect(await cases.tokenUses.flush()).toBe(1)
    await cases.authenticateToken.execute(bearer)
    expect(await cases.tokenUses.flush()).toBe(0)
    deps.clock.advance(TOKEN_USE_PRECISION_MS)
    await cases.authenticateToken.execute(bearer)
    expect(await cases.tokenUses.flush()).toBe(1)
    expect((await lastUsed())?.getTime()).toBe(Math.floor(deps.clock.now().getTime() / TOKEN_USE_PRECISION_MS) * TOKEN_USE_PRECISION_MS)
  })

  it('does not note a use for a refused secret', async () => {
    const { cases, bearer } = await world()
    await expect(cases.authenticateToken.execute(`${bearer}x`)).rejects.toMatchObject({ code: 'unauthenticated' })
    expect(await cases.tokenUses.flush()).toBe(0)
  })
})

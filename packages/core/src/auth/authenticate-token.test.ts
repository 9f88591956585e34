import { inMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { OPERATOR, type Principal } from './principal.ts'

describe('users, tokens and authentication', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let cases: UseCases
  let authenticate: UseCases['authenticateToken']
  let issue: UseCases['userTokens']['create']

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    authenticate = cases.authenticateToken
    issue = cases.userTokens.create
    await cases.createUser.execute({ username: 'ada', email: 'ada@example.com', isSiteAdmin: true }, OPERATOR)
    await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
  })

  it('a token authenticates as its user', async () => {
    const { bearer } = await issue.execute({ user: { username: 'ada' } }, OPERATOR)
    const principal = await authenticate.execute(bearer)
    expect(principal).toMatchObject({ kind: 'user', user: { username: 'ada', isSiteAdmin: true } })
  })

  it('keeps only a hash of the secret', async () => {
    const { bearer, token } = await issue.execute({ user: { username: 'ada' } }, OPERATOR)
    const stored = await deps.unitOfWork.run(({ tokens }) => tokens.findById(token.id))
    expect(stored?.secretHash).toBeDefined()
    expect(bearer).not.toContain(stored?.secretHash)
  })

  it.each(['', 'garbage', 'at-0000000000000099.cairn.secret1', 'at-0000000000000003.cairn.wrong'])(
    'refuses %j as unauthenticated',
    async (bearer) => {
      await issue.execute({ user: { username: 'ada' } }, OPERATOR)
      await expect(authenticate.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
    },
  )

  it('refuses a revoked token', async () => {
    const { bearer, token } = await issue.execute({ user: { username: 'bob' } }, OPERATOR)
    const bob = await authenticate.execute(bearer)
    await cases.userTokens.revoke.execute({ tokenId: token.id }, bob)
    await expect(authenticate.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it("refuses a suspended user's token", async () => {
    const { bearer } = await issue.execute({ user: { username: 'bob' } }, OPERATOR)
    await deps.unitOfWork.run(async ({ users }) => {
      const bob = await users.findByUsername('bob')
      if (bob) await users.update(bob.suspend())
    })
    await expect(authenticate.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('users issue their own tokens but not those of others', async () => {
    const bob: Principal = await authenticate.execute((await issue.execute({ user: { username: 'bob' } }, OPERATOR)).bearer)
    await expect(issue.execute({ user: { username: 'bob' } }, bob)).resolves.toBeDefined()
    await expect(issue.execute({ user: { username: 'ada' } }, bob)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('users may not revoke the tokens of others', async () => {
    const { token } = await issue.execute({ user: { username: 'ada' } }, OPERATOR)
    const bob = await authenticate.execute((await issue.execute({ user: { username: 'bob' } }, OPERATOR)).bearer)
    await expect(cases.userTokens.revoke.execute({ tokenId: token.id }, bob)).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('only administrators and operators create users', async () => {
    const bob = await authenticate.execute((await issue.execute({ user: { username: 'bob' } }, OPERATOR)).bearer)
    const create = cases.createUser
    await expect(create.execute({ username: 'eve', email: 'eve@example.com' }, bob)).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(create.execute({ username: '-bad-', email: 'nope' }, OPERATOR)).rejects.toMatchObject({
      code: 'invalid',
      fields: [{ field: 'username' }, { field: 'email' }],
    })
  })
})

import { inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

describe('user tokens: CreateUserToken, ListUserTokens, RevokeToken', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let admin: UserPrincipal
  let bob: UserPrincipal

  const signUp = (username: string, isSiteAdmin = false) => signUpUser(cases, username, { isSiteAdmin })

  function activeTokenIds(userId: string): Promise<string[]> {
    return deps.unitOfWork.run(async ({ tokens }) => (await tokens.listActive('user', userId)).map((token) => token.id))
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    admin = await signUp('ada', true)
    bob = await signUp('bob')
  })

  describe('CreateUserToken', () => {
    it('a user creates a token for themselves, which authenticates as them', async () => {
      const { token, bearer } = await cases.userTokens.create.execute({ user: { id: bob.user.id }, description: 'laptop' }, bob)
      expect(token).toMatchObject({ kind: 'user', subjectId: bob.user.id, description: 'laptop', revokedAt: null })
      await expect(cases.authenticateToken.execute(bearer)).resolves.toMatchObject({ kind: 'user', user: { id: bob.user.id } })
    })

    it('the description is optional', async () => {
      const { token } = await cases.userTokens.create.execute({ user: { username: 'bob' } }, bob)
      expect(token.description).toBeNull()
    })

    it('the operator creates tokens for anyone', async () => {
      const { bearer } = await cases.userTokens.create.execute({ user: { id: bob.user.id } }, OPERATOR)
      await expect(cases.authenticateToken.execute(bearer)).resolves.toMatchObject({ user: { username: 'bob' } })
    })

    it('a site administrator cannot create tokens for others: not_found', async () => {
      const before = await activeTokenIds(bob.user.id)
      await expect(cases.userTokens.create.execute({ user: { id: bob.user.id } }, admin)).rejects.toMatchObject({
        code: 'not_found',
      })
      expect(await activeTokenIds(bob.user.id)).toEqual(before)
    })

    it('team and organization tokens cannot create user tokens: not_found', async () => {
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, bob)
      const organization = await cases.authenticateToken.execute(
        (await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, bob)).bearer,
      )
      await expect(cases.userTokens.create.execute({ user: { id: bob.user.id } }, organization)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('not_found for a user who does not exist', async () => {
      await expect(cases.userTokens.create.execute({ user: { username: 'nobody' } }, OPERATOR)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('forbidden while impersonating, even for the impersonated user', async () => {
      const { cookie } = await cases.impersonation.start({ userId: bob.user.id, reason: 'support ticket 7' }, admin)
      const impersonating = await cases.authenticateSession.execute(cookie)
      const before = await activeTokenIds(bob.user.id)
      await expect(cases.userTokens.create.execute({ user: { id: bob.user.id } }, impersonating)).rejects.toMatchObject({
        code: 'forbidden',
      })
      expect(await activeTokenIds(bob.user.id)).toEqual(before)
    })

    it('a description of 255 characters is accepted; one of 256 is invalid on description', async () => {
      await expect(cases.userTokens.create.execute({ user: { id: bob.user.id }, description: 'd'.repeat(255) }, bob)).resolves.toBeDefined()
      const before = await activeTokenIds(bob.user.id)
      await expect(cases.userTokens.create.execute({ user: { id: bob.user.id }, description: 'd'.repeat(256) }, bob)).rejects.toMatchObject(
        { code: 'invalid', fields: [{ field: 'description' }] },
      )
      expect(await activeTokenIds(bob.user.id)).toEqual(before)
    })
  })

  describe('ListUserTokens', () => {
    it('a user lists their own unrevoked tokens', async () => {
      const kept = await cases.userTokens.create.execute({ user: { id: bob.user.id } }, bob)
      const revoked = await cases.userTokens.create.execute({ user: { id: bob.user.id } }, bob)
      await cases.userTokens.revoke.execute({ tokenId: revoked.token.id }, bob)
      const listed = await cases.userTokens.list.execute({ userId: bob.user.id }, bob)
      const ids = listed.map((token) => token.id)
      expect(ids).toContain(kept.token.id)
      expect(ids).not.toContain(revoked.token.id)
      expect(listed.every((token) => token.subjectId === bob.user.id && token.revokedAt === null)).toBe(true)
    })

    it("the operator lists anyone's tokens", async () => {
      await expect(cases.userTokens.list.execute({ userId: bob.user.id }, OPERATOR)).resolves.toHaveLength(1)
    })

    it("not_found for another user's tokens, even for a site administrator, and for an unknown user", async () => {
      const attempts: [string, Principal][] = [
        [bob.user.id, admin],
        [admin.user.id, bob],
        ['user-missing', OPERATOR],
      ]
      for (const [userId, principal] of attempts) {
        await expect(cases.userTokens.list.execute({ userId }, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
    })
  })

  describe('RevokeToken', () => {
    it("the operator revokes anyone's token, which stops authenticating", async () => {
      const { token, bearer } = await cases.userTokens.create.execute({ user: { id: bob.user.id } }, bob)
      await cases.userTokens.revoke.execute({ tokenId: token.id }, OPERATOR)
      await expect(cases.authenticateToken.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
    })

    it("a site administrator cannot revoke another user's token: not_found", async () => {
      const { token, bearer } = await cases.userTokens.create.execute({ user: { id: bob.user.id } }, bob)
      await expect(cases.userTokens.revoke.execute({ tokenId: token.id }, admin)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.authenticateToken.execute(bearer)).resolves.toMatchObject({ user: { username: 'bob' } })
    })

    it('team and organization tokens are not revoked here: not_found, even for the operator', async () => {
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, bob)
      const { token, bearer } = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, bob)
      await expect(cases.userTokens.revoke.execute({ tokenId: token.id }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.authenticateToken.execute(bearer)).resolves.toMatchObject({ kind: 'organization' })
    })

    it('revoking a revoked token again changes nothing', async () => {
      const { token } = await cases.userTokens.create.execute({ user: { id: bob.user.id } }, bob)
      await cases.userTokens.revoke.execute({ tokenId: token.id }, bob)
      const first = await deps.unitOfWork.run(({ tokens }) => tokens.findById(token.id))
      deps.clock.advance(60_000)
      await cases.userTokens.revoke.execute({ tokenId: token.id }, bob)
      expect(await deps.unitOfWork.run(({ tokens }) => tokens.findById(token.id))).toEqual(first)
      expect(first?.revokedAt).toEqual(new Date(deps.clock.now().getTime() - 60_000))
    })

    it('not_found for a token that does not exist', async () => {
      await expect(cases.userTokens.revoke.execute({ tokenId: 'at-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})

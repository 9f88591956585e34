import { inMemoryDeps } from '@cairn/testing'
import { describe, expect, it, vi } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { createUseCases } from '../use-cases.ts'

describe('SignIn with a token', () => {
  async function setUp() {
    const deps = inMemoryDeps()
    const cases = createUseCases(deps)
    const bob = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    const { bearer } = await cases.userTokens.create.execute({ user: { id: bob.id } }, OPERATOR)
    return { deps, cases, bob, bearer }
  }

  it("starts a session acting as the token's user; its cookie authenticates and sign-out ends it", async () => {
    const { cases, bob, bearer } = await setUp()
    const started = await cases.signIn.withToken(` ${bearer}\n`)
    expect(started.user.id).toBe(bob.id)
    expect(started.session).toMatchObject({ userId: bob.id, impersonatorId: null, endedAt: null })
    const principal = await cases.authenticateSession.execute(started.cookie)
    expect(principal.user.id).toBe(bob.id)
    await cases.signOut.execute(principal)
    await expect(cases.authenticateSession.execute(started.cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it('refuses an unknown or malformed token, and a suspended user', async () => {
    const { cases, bob, bearer } = await setUp()
    await expect(cases.signIn.withToken('nope')).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(cases.signIn.withToken(`${bearer}x`)).rejects.toMatchObject({ code: 'unauthenticated' })
    await cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, OPERATOR)
    await expect(cases.signIn.withToken(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it("refuses an organization's token: there is no user to act as", async () => {
    const { cases, bearer } = await setUp()
    const owner = await cases.authenticateToken.execute(bearer)
    await cases.organizations.create({ name: 'acme', email: 'ops@acme.test' }, owner)
    const { bearer: orgToken } = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    await expect(cases.signIn.withToken(orgToken)).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})

describe('SignIn with a username and password', () => {
  async function setUp() {
    const deps = inMemoryDeps()
    const cases = createUseCases(deps)
    const bob = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    await deps.unitOfWork.run(async ({ users }) => users.setPasswordHash(bob.id, await deps.passwords.hash('correct horse')))
    return { deps, cases, bob }
  }

  it('starts a session acting as the user', async () => {
    const { cases, bob } = await setUp()
    const started = await cases.signIn.withPassword({ username: 'bob', password: 'correct horse' })
    expect((await cases.authenticateSession.execute(started.cookie)).user.id).toBe(bob.id)
  })

  it('refuses a wrong password, an unknown user, a user without a password, and a suspended user alike', async () => {
    const { cases, bob } = await setUp()
    const refused = { code: 'unauthenticated', message: expect.not.stringMatching(/password|username/) }
    await expect(cases.signIn.withPassword({ username: 'bob', password: 'wrong' })).rejects.toMatchObject(refused)
    await expect(cases.signIn.withPassword({ username: 'nobody', password: 'correct horse' })).rejects.toMatchObject(refused)
    await cases.createUser.execute({ username: 'carol', email: 'carol@example.com' }, OPERATOR)
    await expect(cases.signIn.withPassword({ username: 'carol', password: '' })).rejects.toMatchObject(refused)
    await cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, OPERATOR)
    await expect(cases.signIn.withPassword({ username: 'bob', password: 'correct horse' })).rejects.toMatchObject(refused)
  })

  it('backs off per username and per address: rate_limited before any hashing, another user still signs in', async () => {
    const { deps, cases } = await setUp()
    await cases.createUser.execute({ username: 'dave', email: 'dave@example.com' }, OPERATOR)
    await deps.unitOfWork.run(async ({ users }) =>
      users.setPasswordHash((await users.findByUsername('dave'))?.id ?? '', await deps.passwords.hash('dave pass')),
    )
    // The fake allows 5 failures of a username or an address.
    for (let index = 0; index < 5; index += 1) {
      await expect(cases.signIn.withPassword({ username: 'bob', password: 'wrong', address: `10.0.0.${index}` })).rejects.toMatchObject({
        code: 'unauthenticated',
      })
    }
    const verify = vi.spyOn(deps.passwords, 'verify')
    const limited = { code: 'rate_limited', retryAfterSeconds: 60 }
    // Per username: from a fresh address, even with the right password.
    await expect(cases.signIn.withPassword({ username: 'BOB ', password: 'correct horse', address: '10.9.9.9' })).rejects.toMatchObject(
      limited,
    )
    expect(verify).not.toHaveBeenCalled()
    await expect(cases.signIn.withPassword({ username: 'dave', password: 'dave pass', address: '10.9.9.9' })).resolves.toMatchObject({
      user: { username: 'dave' },
    })
    // Per address: one client trying many usernames.
    for (const username of ['u1', 'u2', 'u3', 'u4', 'u5']) {
      await expect(cases.signIn.withPassword({ username, password: 'x', address: '192.0.2.7' })).rejects.toMatchObject({
        code: 'unauthenticated',
      })
    }
    await expect(cases.signIn.withPassword({ username: 'dave', password: 'dave pass', address: '192.0.2.7' })).rejects.toMatchObject(
      limited,
    )
    await expect(cases.signIn.withPassword({ username: 'dave', password: 'dave pass', address: '192.0.2.8' })).resolves.toMatchObject({
      user: { username: 'dave' },
    })
  })

  it('forgets a username’s failures once it signs in', async () => {
    const { cases } = await setUp()
    for (let index = 0; index < 4; index += 1)
      await expect(cases.signIn.withPassword({ username: 'bob', password: 'wrong' })).rejects.toThrow()
    await cases.signIn.withPassword({ username: 'bob', password: 'correct horse' })
    for (let index = 0; index < 4; index += 1)
      await expect(cases.signIn.withPassword({ username: 'bob', password: 'wrong' })).rejects.toThrow()
    await expect(cases.signIn.withPassword({ username: 'bob', password: 'correct horse' })).resolves.toMatchObject({
      user: { username: 'bob' },
    })
  })
})

import { aSession, inMemoryDeps, type InMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { formatBearerToken } from '../tokens/auth-token.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { User } from '../users/user.ts'
import { SESSION_LIFETIME_MS, type Session } from './session.ts'

describe('AuthenticateSession (spec §5.6: suspended users cannot authenticate)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let admin: User
  let bob: User

  /** Stores a session that starts now and returns its cookie. */
  async function aStoredSession(fields: Partial<Session>): Promise<string> {
    const secret = deps.hasher.newSecret()
    const now = deps.clock.now()
    const session = aSession({
      id: deps.ids.next('sess'),
      secretHash: deps.hasher.hash(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      ...fields,
    })
    await deps.unitOfWork.run(({ sessions }) => sessions.add(session))
    return formatBearerToken(session.id, secret)
  }

  function act(user: User, action: 'suspend' | 'revoke_admin') {
    return cases.adminUsers.act({ userId: user.id, action }, OPERATOR)
  }

  const refused = { code: 'unauthenticated' }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    admin = await cases.createUser.execute({ username: 'ada', email: 'ada@example.com', isSiteAdmin: true }, OPERATOR)
    bob = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
  })

  it('a live session authenticates as its user, with no impersonator', async () => {
    const cookie = await aStoredSession({ userId: bob.id })
    const principal = await cases.authenticateSession.execute(cookie)
    expect(principal).toMatchObject({ kind: 'user', user: { id: bob.id }, credential: { kind: 'session', impersonator: null } })
  })

  it('an impersonation session authenticates as the user, naming the administrator behind it', async () => {
    const cookie = await aStoredSession({ userId: bob.id, impersonatorId: admin.id, reason: 'ticket 7' })
    const principal = await cases.authenticateSession.execute(cookie)
    expect(principal).toMatchObject({ user: { id: bob.id }, credential: { kind: 'session', impersonator: { id: admin.id } } })
  })

  it('an expired session is refused, from the instant it expires', async () => {
    const cookie = await aStoredSession({ userId: bob.id })
    deps.clock.advance(SESSION_LIFETIME_MS - 1)
    await expect(cases.authenticateSession.execute(cookie)).resolves.toBeDefined()
    deps.clock.advance(1)
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
  })

  it('an ended session is refused', async () => {
    const cookie = await aStoredSession({ userId: bob.id, endedAt: deps.clock.now() })
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
  })

  it('a cookie with the wrong secret is refused', async () => {
    const cookie = await aStoredSession({ userId: bob.id })
    const [id = ''] = cookie.split('.cairn.')
    await expect(cases.authenticateSession.execute(formatBearerToken(id, 'wrongsecret'))).rejects.toMatchObject(refused)
  })

  it.each(['', 'garbage', 'sess-0000000000000099.cairn.secret1'])('the unknown or malformed cookie %j is refused', async (cookie) => {
    await aStoredSession({ userId: bob.id })
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
  })

  it("a suspended user's session is refused, and works again once they are unsuspended", async () => {
    const cookie = await aStoredSession({ userId: bob.id })
    await act(bob, 'suspend')
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
    await cases.adminUsers.act({ userId: bob.id, action: 'unsuspend' }, OPERATOR)
    await expect(cases.authenticateSession.execute(cookie)).resolves.toMatchObject({ user: { id: bob.id } })
  })

  it('an impersonation is refused once the user impersonated is suspended', async () => {
    const cookie = await aStoredSession({ userId: bob.id, impersonatorId: admin.id, reason: 'ticket 7' })
    await act(bob, 'suspend')
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
  })

  it('an impersonation is refused once its administrator is no longer an administrator', async () => {
    const cookie = await aStoredSession({ userId: bob.id, impersonatorId: admin.id, reason: 'ticket 7' })
    await act(admin, 'revoke_admin')
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
  })

  it('an impersonation is refused once its administrator is suspended', async () => {
    const cookie = await aStoredSession({ userId: bob.id, impersonatorId: admin.id, reason: 'ticket 7' })
    await act(admin, 'suspend')
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
  })

  it("a deleted user's session is refused", async () => {
    const cookie = await aStoredSession({ userId: bob.id })
    await cases.adminUsers.remove({ userId: bob.id }, OPERATOR)
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject(refused)
  })
})

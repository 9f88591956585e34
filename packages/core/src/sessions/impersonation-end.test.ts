import { inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { User } from '../users/user.ts'
import { SESSION_LIFETIME_MS } from './session.ts'

const PAGE = { number: 1, size: 20 }

describe('Impersonation.endFromCookie (spec §3 "POST unimpersonate", §4.3 rule 3)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let admin: UserPrincipal
  let bob: User
  let cookie: string

  async function endedEvents() {
    const { items } = await cases.auditEvents.execute(PAGE, OPERATOR)
    return items.filter((event) => event.type === 'user.impersonation_ended')
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    admin = await signUpUser(cases, 'ada', { isSiteAdmin: true })
    bob = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    cookie = (await cases.impersonation.start({ userId: bob.id, reason: 'ticket 7' }, admin)).cookie
  })

  it('ends the impersonation: its cookie no longer authenticates', async () => {
    deps.clock.advance(1000)
    await cases.impersonation.endFromCookie(cookie)
    await expect(cases.authenticateSession.execute(cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
    const [id = ''] = cookie.split('.cairn.')
    expect(await deps.unitOfWork.run(({ sessions }) => sessions.findById(id))).toMatchObject({ endedAt: deps.clock.now() })
  })

  it('gives the administrator a new session of their own', async () => {
    const started = await cases.impersonation.endFromCookie(cookie)
    expect(started?.session).toMatchObject({ userId: admin.user.id, impersonatorId: null, reason: null, endedAt: null })
    expect(started?.cookie).not.toBe(cookie)
    await expect(cases.authenticateSession.execute(started?.cookie ?? '')).resolves.toMatchObject({
      user: { id: admin.user.id },
      credential: { kind: 'session', impersonator: null },
    })
  })

  it('the new session lasts a full session lifetime', async () => {
    deps.clock.advance(SESSION_LIFETIME_MS - 1000)
    const started = await cases.impersonation.endFromCookie(cookie)
    expect(started?.session.expiresAt).toEqual(new Date(deps.clock.now().getTime() + SESSION_LIFETIME_MS))
  })

  it("records 'user.impersonation_ended' with the administrator as actor and the user as target", async () => {
    await cases.impersonation.endFromCookie(cookie)
    expect(await endedEvents()).toMatchObject([{ actorId: admin.user.id, targetId: bob.id, reason: null }])
  })

  it('works after the user impersonated was suspended', async () => {
    await cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, admin)
    const started = await cases.impersonation.endFromCookie(cookie)
    await expect(cases.authenticateSession.execute(started?.cookie ?? '')).resolves.toMatchObject({ user: { id: admin.user.id } })
    expect(await endedEvents()).toHaveLength(1)
  })

  it('undefined for a session that is not an impersonation, changing nothing', async () => {
    const own = await cases.impersonation.endFromCookie(cookie)
    await expect(cases.impersonation.endFromCookie(own?.cookie ?? '')).resolves.toBeUndefined()
    await expect(cases.authenticateSession.execute(own?.cookie ?? '')).resolves.toMatchObject({ user: { id: admin.user.id } })
    expect(await endedEvents()).toHaveLength(1)
  })

  it.each(['', 'garbage', 'sess-0000000000000099.cairn.secret1'])('undefined for the unknown or malformed cookie %j', async (other) => {
    await expect(cases.impersonation.endFromCookie(other)).resolves.toBeUndefined()
    await expect(cases.authenticateSession.execute(cookie)).resolves.toMatchObject({ user: { id: bob.id } })
  })

  it('undefined for a cookie with the wrong secret, which leaves the impersonation running', async () => {
    const [id = ''] = cookie.split('.cairn.')
    await expect(cases.impersonation.endFromCookie(`${id}.cairn.wrongsecret`)).resolves.toBeUndefined()
    await expect(cases.authenticateSession.execute(cookie)).resolves.toMatchObject({ user: { id: bob.id } })
  })

  it('undefined for an impersonation that has already ended or expired', async () => {
    await cases.impersonation.endFromCookie(cookie)
    await expect(cases.impersonation.endFromCookie(cookie)).resolves.toBeUndefined()
    const second = await cases.impersonation.start({ userId: bob.id, reason: 'ticket 8' }, admin)
    deps.clock.advance(SESSION_LIFETIME_MS)
    await expect(cases.impersonation.endFromCookie(second.cookie)).resolves.toBeUndefined()
    expect(await endedEvents()).toHaveLength(1)
  })

  it('unauthenticated when the impersonator is no longer an administrator, and the session is left as it was', async () => {
    await cases.adminUsers.act({ userId: admin.user.id, action: 'revoke_admin' }, OPERATOR)
    await expect(cases.impersonation.endFromCookie(cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
    const [id = ''] = cookie.split('.cairn.')
    expect(await deps.unitOfWork.run(({ sessions }) => sessions.findById(id))).toMatchObject({ endedAt: null })
    expect(await endedEvents()).toEqual([])
  })

  it('unauthenticated when the impersonator is suspended', async () => {
    await cases.adminUsers.act({ userId: admin.user.id, action: 'suspend' }, OPERATOR)
    await expect(cases.impersonation.endFromCookie(cookie)).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})

import { aTeam, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { User } from '../users/user.ts'

const PAGE = { number: 1, size: 20 }

describe('Impersonation.start (spec §3 "POST impersonate", §4.3)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let admin: UserPrincipal
  let bob: User

  const signUp = (username: string, isSiteAdmin = false) => signUpUser(cases, username, { isSiteAdmin })

  async function impersonationEvents() {
    const { items } = await cases.auditEvents.execute(PAGE, OPERATOR)
    return items.filter((event) => event.type === 'user.impersonation_started')
  }

  async function expectNothingStarted(): Promise<void> {
    expect(await impersonationEvents()).toEqual([])
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    admin = await signUp('ada', true)
    bob = (await signUp('bob')).user
  })

  it('starts a session acting as the user, with the administrator behind it', async () => {
    const { session, cookie } = await cases.impersonation.start({ userId: bob.id, reason: 'support ticket 7' }, admin)
    expect(session).toMatchObject({ userId: bob.id, impersonatorId: admin.user.id, reason: 'support ticket 7', endedAt: null })
    await expect(cases.authenticateSession.execute(cookie)).resolves.toMatchObject({
      user: { id: bob.id },
      credential: { kind: 'session', sessionId: session.id, impersonator: { id: admin.user.id } },
    })
  })

  it('records the reason in the audit log, with the administrator as actor and the user as target', async () => {
    await cases.impersonation.start({ userId: bob.id, reason: '  support ticket 7  ' }, admin)
    expect(await impersonationEvents()).toMatchObject([
      { type: 'user.impersonation_started', actorId: admin.user.id, targetId: bob.id, reason: 'support ticket 7' },
    ])
  })

  const notAdministrators: [string, () => Promise<Principal>][] = [
    ['a user who is not an administrator', () => signUp('carol')],
    ['a team token', async () => ({ kind: 'team', team: aTeam(), tokenId: 'at-0000000000000091' })],
    ['an organization token', async () => ({ kind: 'organization', organizationName: 'acme', tokenId: 'at-0000000000000092' })],
  ]
  it.each(notAdministrators)('not_found for %s', async (_, principal) => {
    await expect(cases.impersonation.start({ userId: bob.id, reason: 'why not' }, await principal())).rejects.toMatchObject({
      code: 'not_found',
    })
    await expectNothingStarted()
  })

  it('forbidden for a client already impersonating', async () => {
    const carol = await signUp('carol')
    const { cookie } = await cases.impersonation.start({ userId: bob.id, reason: 'ticket 7' }, admin)
    const impersonating = await cases.authenticateSession.execute(cookie)
    await expect(cases.impersonation.start({ userId: carol.user.id, reason: 'ticket 8' }, impersonating)).rejects.toMatchObject({
      code: 'forbidden',
    })
    expect(await impersonationEvents()).toHaveLength(1)
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', ' \n\t '],
  ])('precondition on /reason when the reason is %s', async (_, reason) => {
    await expect(cases.impersonation.start({ userId: bob.id, reason }, admin)).rejects.toMatchObject({
      code: 'precondition',
      fields: [{ field: '/reason' }],
    })
    await expectNothingStarted()
  })

  it('a reason of 1000 characters is accepted; one of 1001 is invalid on /reason', async () => {
    await expect(cases.impersonation.start({ userId: bob.id, reason: 'r'.repeat(1001) }, admin)).rejects.toMatchObject({
      code: 'invalid',
      fields: [{ field: '/reason' }],
    })
    await expectNothingStarted()
    await expect(cases.impersonation.start({ userId: bob.id, reason: 'r'.repeat(1000) }, admin)).resolves.toBeDefined()
  })

  it('not_found for a user who does not exist', async () => {
    await expect(cases.impersonation.start({ userId: 'user-missing', reason: 'ticket 7' }, admin)).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('forbidden for a service account', async () => {
    const robot = await cases.createUser.execute({ username: 'robot', email: 'robot@example.com', isServiceAccount: true }, OPERATOR)
    await expect(cases.impersonation.start({ userId: robot.id, reason: 'ticket 7' }, admin)).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expectNothingStarted()
  })

  it("forbidden for the administrator's own account", async () => {
    await expect(cases.impersonation.start({ userId: admin.user.id, reason: 'ticket 7' }, admin)).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expectNothingStarted()
  })

  it('forbidden for a suspended user', async () => {
    await cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, admin)
    await expect(cases.impersonation.start({ userId: bob.id, reason: 'ticket 7' }, admin)).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expectNothingStarted()
  })
})

import { aTeam, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AuditEventType } from '../audit/audit-event.ts'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { UserAction } from './admin-users.ts'
import { User, type UserState } from './user.ts'

const PAGE = { number: 1, size: 20 }

/** The outcome as a promise, even when the call throws before returning one (kept so that such a regression fails the test below rather than the whole file). */
function settle<T>(call: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(call)
}

interface Row {
  readonly action: UserAction
  readonly from: Partial<UserState>
  readonly to: Partial<UserState>
  readonly audit: AuditEventType
}

// Spec §3, one row per admin action on a user: the state it starts from and the state it leads to.
const ROWS: readonly Row[] = [
  { action: 'suspend', from: { isSuspended: false }, to: { isSuspended: true }, audit: 'user.suspended' },
  { action: 'unsuspend', from: { isSuspended: true }, to: { isSuspended: false }, audit: 'user.unsuspended' },
  { action: 'grant_admin', from: { isSiteAdmin: false }, to: { isSiteAdmin: true }, audit: 'user.admin_granted' },
  { action: 'revoke_admin', from: { isSiteAdmin: true }, to: { isSiteAdmin: false }, audit: 'user.admin_revoked' },
  {
    action: 'disable_two_factor',
    from: { twoFactorEnabled: true },
    to: { twoFactorEnabled: false },
    audit: 'user.two_factor_disabled',
  },
]

describe('AdminUsers.act (spec §3 user rows, §4.3)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let admin: UserPrincipal
  let bob: User
  let eve: User

  /** Puts bob in `state` directly, as if he had got there some other way. */
  async function setBob(state: Partial<UserState>): Promise<void> {
    bob = new User({ ...bob, ...state })
    await deps.unitOfWork.run(({ users }) => users.update(bob))
  }

  async function storedBob(): Promise<User | undefined> {
    return deps.unitOfWork.run(({ users }) => users.findById(bob.id))
  }

  async function events() {
    return (await cases.auditEvents.execute(PAGE, OPERATOR)).items.filter(
      (event) => event.type !== 'user.created' && event.type !== 'token.created',
    )
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    admin = await signUpUser(cases, 'ada', { isSiteAdmin: true })
    bob = await cases.createUser.execute({ username: 'bob', email: 'bob@example.com' }, OPERATOR)
    eve = await cases.createUser.execute({ username: 'eve', email: 'eve@example.com' }, OPERATOR)
  })

  describe.each(ROWS)('$action', ({ action, from, to, audit }) => {
    it(`moves the user to ${JSON.stringify(to)}, stores it and records '${audit}' by the administrator`, async () => {
      await setBob(from)
      deps.clock.advance(1000)
      const changed = await cases.adminUsers.act({ userId: bob.id, action }, admin)
      expect(changed).toMatchObject({ id: bob.id, ...to })
      expect(await storedBob()).toEqual(changed)
      expect(await events()).toMatchObject([
        { type: audit, actorId: admin.user.id, targetId: bob.id, reason: null, occurredAt: deps.clock.now() },
      ])
    })

    it(`precondition when the user is already ${JSON.stringify(to)}, changing nothing and recording nothing`, async () => {
      await setBob(to)
      const before = await storedBob()
      await expect(cases.adminUsers.act({ userId: bob.id, action }, admin)).rejects.toMatchObject({ code: 'precondition' })
      expect(await storedBob()).toEqual(before)
      expect(await events()).toEqual([])
    })

    it('not_found for a user who does not exist', async () => {
      await expect(cases.adminUsers.act({ userId: 'user-missing', action }, admin)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('not_found for a client who is not an administrator', async () => {
      await setBob(from)
      const clients: Principal[] = [
        { kind: 'user', user: eve, credential: { kind: 'token', tokenId: 'at-0000000000000091' } },
        { kind: 'team', team: aTeam(), tokenId: 'at-0000000000000092' },
        { kind: 'organization', organizationName: 'acme', tokenId: 'at-0000000000000093' },
      ]
      for (const client of clients) {
        await expect(settle(() => cases.adminUsers.act({ userId: bob.id, action }, client))).rejects.toMatchObject({
          code: 'not_found',
        })
      }
      expect(await storedBob()).toMatchObject(from)
    })
  })

  it('grant_admin: invalid on isAdmin for a service account, which stays what it was', async () => {
    const robot = await cases.createUser.execute({ username: 'robot', email: 'robot@example.com', isServiceAccount: true }, OPERATOR)
    await expect(cases.adminUsers.act({ userId: robot.id, action: 'grant_admin' }, admin)).rejects.toMatchObject({
      code: 'invalid',
      fields: [{ field: 'isAdmin' }],
    })
    expect(await deps.unitOfWork.run(({ users }) => users.findById(robot.id))).toMatchObject({ isSiteAdmin: false })
    expect(await events()).toEqual([])
  })

  it('the operator acts too, recorded with no actor', async () => {
    await cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, OPERATOR)
    expect(await events()).toMatchObject([{ type: 'user.suspended', actorId: null, targetId: bob.id }])
  })

  it('during an impersonation the actor recorded is the administrator, not the user impersonated', async () => {
    const carol = await cases.createUser.execute({ username: 'carol', email: 'carol@example.com', isSiteAdmin: true }, OPERATOR)
    const { cookie } = await cases.impersonation.start({ userId: carol.id, reason: 'ticket 7' }, admin)
    await cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, await cases.authenticateSession.execute(cookie))
    expect((await events()).filter((event) => event.type === 'user.suspended')).toMatchObject([{ actorId: admin.user.id }])
  })

  it('suspend: the user can no longer authenticate; unsuspend: they can again', async () => {
    const { bearer } = await cases.userTokens.create.execute({ user: { id: bob.id } }, OPERATOR)
    await cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, admin)
    await expect(cases.authenticateToken.execute(bearer)).rejects.toMatchObject({ code: 'unauthenticated' })
    await cases.adminUsers.act({ userId: bob.id, action: 'unsuspend' }, admin)
    await expect(cases.authenticateToken.execute(bearer)).resolves.toMatchObject({ user: { id: bob.id, isSuspended: false } })
  })

  it('grant_admin and revoke_admin: the user gains and loses the admin API', async () => {
    const { bearer } = await cases.userTokens.create.execute({ user: { id: bob.id } }, OPERATOR)
    await cases.adminUsers.act({ userId: bob.id, action: 'grant_admin' }, admin)
    const promoted = await cases.authenticateToken.execute(bearer)
    await expect(cases.adminUsers.list({ page: PAGE }, promoted)).resolves.toBeDefined()
    await cases.adminUsers.act({ userId: bob.id, action: 'revoke_admin' }, admin)
    const demoted = await cases.authenticateToken.execute(bearer)
    await expect(settle(() => cases.adminUsers.list({ page: PAGE }, demoted))).rejects.toMatchObject({ code: 'not_found' })
  })

  // BUG: list, act and remove call assertSiteAdmin before returning their promise, so a refusal is
  // thrown synchronously instead of rejecting: `adminUsers.act(…).catch(handle)` never reaches
  // `handle`. The other use cases (CreateUser, the tool-version ones) are async and reject.
  it('a refusal arrives as a rejected promise, not as a synchronous throw', async () => {
    const client: Principal = { kind: 'user', user: eve, credential: { kind: 'token', tokenId: 'at-0000000000000091' } }
    const outcomes = [
      () => cases.adminUsers.act({ userId: bob.id, action: 'suspend' }, client).catch((error: unknown) => error),
      () => cases.adminUsers.remove({ userId: bob.id }, client).catch((error: unknown) => error),
      () => cases.adminUsers.list({ page: PAGE }, client).catch((error: unknown) => error),
    ]
    for (const outcome of outcomes) expect(await outcome()).toMatchObject({ code: 'not_found' })
  })
})

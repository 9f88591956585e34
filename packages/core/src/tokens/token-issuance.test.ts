import { inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import type { Team } from '../organizations/team.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { TokenKind } from './auth-token.ts'

const PAGE = { number: 1, size: 100 }

describe('issuing tokens of every kind: refused while impersonating, audited otherwise', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let admin: UserPrincipal
  let owner: UserPrincipal
  let ci: Team

  let signUpEvents: number

  async function allTokenEvents() {
    const { items } = await cases.auditEvents.execute(PAGE, OPERATOR)
    return items.filter((event) => event.type === 'token.created').map(({ actorId, targetId }) => ({ actorId, targetId }))
  }

  /** Token events after those of the sign-ups in beforeEach. */
  async function tokenEvents() {
    const events = await allTokenEvents()
    return events.slice(0, events.length - signUpEvents)
  }

  function activeTokens(kind: TokenKind, subjectId: string) {
    return deps.unitOfWork.run(({ tokens }) => tokens.listActive(kind, subjectId))
  }

  async function impersonate(user: UserPrincipal): Promise<Principal> {
    const { cookie } = await cases.impersonation.start({ userId: user.user.id, reason: 'support ticket 9' }, admin)
    return cases.authenticateSession.execute(cookie)
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    admin = await signUpUser(cases, 'ada', { isSiteAdmin: true })
    owner = await signUpUser(cases, 'olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    ci = await cases.teams.create({ organizationName: 'acme', name: 'ci' }, owner)
    signUpEvents = (await allTokenEvents()).length
  })

  it('an administrator impersonating an owner cannot create a team token nor an organization token: forbidden, nothing issued', async () => {
    const impersonating = await impersonate(owner)
    await expect(cases.serviceTokens.createTeamToken({ teamId: ci.id }, impersonating)).rejects.toMatchObject({ code: 'forbidden' })
    await expect(cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, impersonating)).rejects.toMatchObject({
      code: 'forbidden',
    })
    expect(await activeTokens('team', ci.id)).toEqual([])
    expect(await activeTokens('organization', 'acme')).toEqual([])
    expect(await tokenEvents()).toEqual([])
  })

  it('a refused impersonated token request leaves the previous token working', async () => {
    const previous = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    const impersonating = await impersonate(owner)
    await expect(cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, impersonating)).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expect(cases.authenticateToken.execute(previous.bearer)).resolves.toMatchObject({ kind: 'organization' })
  })

  it('every token created is audited with the person who created it and the token as target', async () => {
    const user = await cases.userTokens.create.execute({ user: { id: owner.user.id } }, owner)
    const team = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    const organization = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    const byOperator = await cases.userTokens.create.execute({ user: { id: owner.user.id } }, OPERATOR)
    expect(await tokenEvents()).toEqual(
      expect.arrayContaining([
        { actorId: owner.user.id, targetId: user.token.id },
        { actorId: owner.user.id, targetId: team.token.id },
        { actorId: owner.user.id, targetId: organization.token.id },
        { actorId: null, targetId: byOperator.token.id },
      ]),
    )
    expect(await tokenEvents()).toHaveLength(4)
  })
})

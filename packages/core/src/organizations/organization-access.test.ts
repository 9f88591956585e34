import { addMember, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { organizationAccess, readCheck, requireOrganization, type OrganizationAccess } from './organization-access.ts'
import type { TeamAccess } from './team.ts'

const EVERYTHING: OrganizationAccess = { canRead: true, canManageModules: true, canManageWorkspaces: true, isOwner: true }
const NOTHING: OrganizationAccess = { canRead: false, canManageModules: false, canManageWorkspaces: false, isOwner: false }
const READ_ONLY: OrganizationAccess = { ...NOTHING, canRead: true }

describe('organization access (spec §5.2, §5.3)', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal

  const signUp = (username: string) => signUpUser(cases, username)

  /** A user who is a member of acme, on a new team with `access` when given. */
  async function member(username: string, access?: Partial<TeamAccess>): Promise<UserPrincipal> {
    const principal = await signUp(username)
    await addMember(cases, { organizationName: 'acme', email: principal.user.email }, owner)
    if (access !== undefined) {
      const team = await cases.teams.create({ organizationName: 'acme', name: `${username}-team`, access }, owner)
      await cases.teams.addMembers({ id: team.id, usernames: [username] }, owner)
    }
    return principal
  }

  async function teamToken(access: Partial<TeamAccess>, name = 'ci'): Promise<Principal> {
    const team = await cases.teams.create({ organizationName: 'acme', name, access }, owner)
    const { bearer } = await cases.serviceTokens.createTeamToken({ teamId: team.id }, owner)
    return cases.authenticateToken.execute(bearer)
  }

  function accessOf(principal: Principal, organizationName = 'acme'): Promise<OrganizationAccess> {
    return deps.unitOfWork.run((repositories) => organizationAccess(repositories, principal, organizationName))
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    owner = await signUp('olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    const other = await signUp('oscar')
    await cases.organizations.create({ name: 'beta', email: 'owners@beta.test' }, other)
  })

  it('the operator may do everything in any organization', async () => {
    expect(await accessOf(OPERATOR)).toEqual(EVERYTHING)
    expect(await accessOf(OPERATOR, 'beta')).toEqual(EVERYTHING)
  })

  it('a member on no team may only read', async () => {
    expect(await accessOf(await member('mia'))).toEqual(READ_ONLY)
  })

  it('a member on a team that manages modules may read and manage modules', async () => {
    expect(await accessOf(await member('mo', { manageModules: true }))).toEqual({ ...READ_ONLY, canManageModules: true })
  })

  it('a member on a team that manages workspaces may read and manage workspaces', async () => {
    expect(await accessOf(await member('wes', { manageWorkspaces: true }))).toEqual({ ...READ_ONLY, canManageWorkspaces: true })
  })

  it('a member on several teams has what any of them allows', async () => {
    const both = await member('bo', { manageModules: true })
    const workspaces = await cases.teams.create({ organizationName: 'acme', name: 'ops', access: { manageWorkspaces: true } }, owner)
    await cases.teams.addMembers({ id: workspaces.id, usernames: ['bo'] }, owner)
    expect(await accessOf(both)).toEqual({ ...EVERYTHING, isOwner: false })
  })

  it('a member on a team with no permission may only read', async () => {
    expect(await accessOf(await member('tess', {}))).toEqual(READ_ONLY)
  })

  it('owners may do everything', async () => {
    expect(await accessOf(owner)).toEqual(EVERYTHING)
  })

  it('a user has no access to an organization they are not a member of, even one they own elsewhere', async () => {
    expect(await accessOf(owner, 'beta')).toEqual(NOTHING)
    expect(await accessOf(await signUp('nora'))).toEqual(NOTHING)
  })

  it("a team token has its team's access in its own organization", async () => {
    expect(await accessOf(await teamToken({ manageModules: true }))).toEqual({ ...READ_ONLY, canManageModules: true })
    expect(await accessOf(await teamToken({ manageWorkspaces: true }, 'deploy'))).toEqual({
      ...READ_ONLY,
      canManageWorkspaces: true,
    })
    expect(await accessOf(await teamToken({}, 'readers'))).toEqual(READ_ONLY)
  })

  it('a token of the owners team may do everything in its organization', async () => {
    const { items } = await cases.teams.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, owner)
    const owners = items.find((team) => team.name === 'owners')
    const { bearer } = await cases.serviceTokens.createTeamToken({ teamId: owners?.id ?? '' }, owner)
    expect(await accessOf(await cases.authenticateToken.execute(bearer))).toEqual(EVERYTHING)
  })

  it('a team token has no access to another organization', async () => {
    expect(await accessOf(await teamToken({ manageModules: true, manageWorkspaces: true }), 'beta')).toEqual(NOTHING)
  })

  it('an organization token reads and manages modules and workspaces but does not own', async () => {
    const { bearer } = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    const principal = await cases.authenticateToken.execute(bearer)
    expect(await accessOf(principal)).toEqual({ ...EVERYTHING, isOwner: false })
    expect(await accessOf(principal, 'beta')).toEqual(NOTHING)
  })

  describe('requireOrganization', () => {
    function need(principal: Principal, organizationName: string, access: keyof OrganizationAccess) {
      return deps.unitOfWork.run((repositories) => requireOrganization(repositories, principal, organizationName, access))
    }

    it('gives the organization to a principal with the access needed', async () => {
      await expect(need(owner, 'acme', 'isOwner')).resolves.toMatchObject({ name: 'acme', email: 'owners@acme.test' })
    })

    it('not_found for an organization that does not exist, even for the operator', async () => {
      await expect(need(OPERATOR, 'nowhere', 'canRead')).rejects.toMatchObject({ code: 'not_found' })
    })

    it('not_found, not forbidden, when the principal lacks the access needed', async () => {
      const reader = await member('mia')
      await expect(need(reader, 'acme', 'canRead')).resolves.toMatchObject({ name: 'acme' })
      await expect(need(reader, 'acme', 'canManageModules')).rejects.toMatchObject({ code: 'not_found' })
      await expect(need(reader, 'acme', 'isOwner')).rejects.toMatchObject({ code: 'not_found' })
      await expect(need(await signUp('nora'), 'acme', 'canRead')).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('readCheck', () => {
    /** What the check decides once the one membership it may ask about is looked up. */
    async function reads(principal: Principal, organizationName: string): Promise<boolean> {
      const check = readCheck(principal, organizationName)
      if (check.kind !== 'member') return check.kind === 'granted'
      const membership = await deps.unitOfWork.read(({ memberships }) => memberships.find(organizationName, check.userId))
      return membership !== undefined
    }

    it('decides canRead as organizationAccess does, for every kind of principal in and out of the organization', async () => {
      const { bearer } = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
      const principals = [
        OPERATOR,
        owner,
        await member('mia'),
        await signUp('nora'),
        await teamToken({}, 'readers'),
        await cases.authenticateToken.execute(bearer),
      ]
      for (const principal of principals) {
        for (const organizationName of ['acme', 'beta']) {
          expect({ kind: principal.kind, organizationName, reads: await reads(principal, organizationName) }).toEqual({
            kind: principal.kind,
            organizationName,
            reads: (await accessOf(principal, organizationName)).canRead,
          })
        }
      }
    })

    it('asks about the membership of a user, and grants or refuses every other principal outright', async () => {
      expect(readCheck(owner, 'beta')).toEqual({ kind: 'member', userId: owner.user.id })
      expect(readCheck(OPERATOR, 'beta')).toEqual({ kind: 'granted' })
      expect(readCheck(await teamToken({}), 'beta')).toEqual({ kind: 'refused' })
    })
  })
})

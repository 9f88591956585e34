import { addMember, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import type { Team } from '../organizations/team.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

describe('ManageServiceTokens, and AuthenticateToken for team and organization tokens', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal
  let bob: UserPrincipal
  let ci: Team

  const signUp = (username: string) => signUpUser(cases, username)

  const refused = { code: 'unauthenticated' }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    owner = await signUp('olivia')
    bob = await signUp('bob')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
    ci = await cases.teams.create({ organizationName: 'acme', name: 'ci', access: { manageModules: true } }, owner)
    await cases.teams.addMembers({ id: ci.id, usernames: ['bob'] }, owner)
  })

  it('an owner creates a team token, which authenticates as the team', async () => {
    const { token, bearer } = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    expect(token).toMatchObject({ kind: 'team', subjectId: ci.id, revokedAt: null })
    expect(await cases.authenticateToken.execute(bearer)).toEqual({ kind: 'team', team: ci, tokenId: token.id })
  })

  it('an owner creates an organization token, which authenticates as the organization', async () => {
    const { token, bearer } = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    expect(token).toMatchObject({ kind: 'organization', subjectId: 'acme' })
    expect(await cases.authenticateToken.execute(bearer)).toEqual({ kind: 'organization', organizationName: 'acme', tokenId: token.id })
  })

  it('a new team token revokes the previous one', async () => {
    const first = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    const second = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    await expect(cases.authenticateToken.execute(first.bearer)).rejects.toMatchObject(refused)
    await expect(cases.authenticateToken.execute(second.bearer)).resolves.toMatchObject({ kind: 'team' })
    const active = await deps.unitOfWork.run(({ tokens }) => tokens.listActive('team', ci.id))
    expect(active.map((token) => token.id)).toEqual([second.token.id])
  })

  it('a new organization token revokes the previous one', async () => {
    const first = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    const second = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    await expect(cases.authenticateToken.execute(first.bearer)).rejects.toMatchObject(refused)
    await expect(cases.authenticateToken.execute(second.bearer)).resolves.toMatchObject({ kind: 'organization' })
  })

  it("a team token does not revoke the organization's token, nor another team's", async () => {
    const organization = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    const other = await cases.teams.create({ organizationName: 'acme', name: 'other' }, owner)
    const otherToken = await cases.serviceTokens.createTeamToken({ teamId: other.id }, owner)
    await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    await expect(cases.authenticateToken.execute(organization.bearer)).resolves.toMatchObject({ kind: 'organization' })
    await expect(cases.authenticateToken.execute(otherToken.bearer)).resolves.toMatchObject({ team: { name: 'other' } })
  })

  it('revoking a team token or an organization token stops it authenticating', async () => {
    const team = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    const organization = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    await cases.serviceTokens.revokeTeamToken({ teamId: ci.id }, owner)
    await cases.serviceTokens.revokeOrganizationToken({ organizationName: 'acme' }, owner)
    await expect(cases.authenticateToken.execute(team.bearer)).rejects.toMatchObject(refused)
    await expect(cases.authenticateToken.execute(organization.bearer)).rejects.toMatchObject(refused)
  })

  it('revoking when there is no token is not_found', async () => {
    await expect(cases.serviceTokens.revokeTeamToken({ teamId: ci.id }, owner)).rejects.toMatchObject({ code: 'not_found' })
    await expect(cases.serviceTokens.revokeOrganizationToken({ organizationName: 'acme' }, owner)).rejects.toMatchObject({
      code: 'not_found',
    })
    await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    await cases.serviceTokens.revokeTeamToken({ teamId: ci.id }, owner)
    await expect(cases.serviceTokens.revokeTeamToken({ teamId: ci.id }, owner)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('not_found for a team that does not exist', async () => {
    await expect(cases.serviceTokens.createTeamToken({ teamId: 'team-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
  })

  it("the team's own members issue, read and revoke its token while the team allows member token management", async () => {
    const { token } = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, bob)
    await expect(cases.serviceTokens.showTeamToken({ teamId: ci.id }, bob)).resolves.toMatchObject({ id: token.id, kind: 'team' })
    await expect(cases.serviceTokens.showTeamToken({ teamId: ci.id }, owner)).resolves.toMatchObject({ id: token.id })
    await cases.serviceTokens.revokeTeamToken({ teamId: ci.id }, bob)
    await expect(cases.serviceTokens.showTeamToken({ teamId: ci.id }, owner)).rejects.toMatchObject({ code: 'not_found' })
    const other = await cases.teams.create({ organizationName: 'acme', name: 'other' }, owner)
    await expect(cases.serviceTokens.createTeamToken({ teamId: other.id }, bob)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('only owners issue, read and revoke service tokens once the team disallows member token management', async () => {
    await cases.teams.update({ id: ci.id, allowMemberTokenManagement: false }, owner)
    const team = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    const organization = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    const principals: Principal[] = [
      bob,
      await cases.authenticateToken.execute(team.bearer),
      await cases.authenticateToken.execute(organization.bearer),
    ]
    for (const principal of principals) {
      const attempts = [
        () => cases.serviceTokens.createTeamToken({ teamId: ci.id }, principal),
        () => cases.serviceTokens.showTeamToken({ teamId: ci.id }, principal),
        () => cases.serviceTokens.revokeTeamToken({ teamId: ci.id }, principal),
        () => cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, principal),
        () => cases.serviceTokens.revokeOrganizationToken({ organizationName: 'acme' }, principal),
      ]
      for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'not_found' })
    }
    await expect(cases.authenticateToken.execute(team.bearer)).resolves.toMatchObject({ kind: 'team' })
    await expect(cases.authenticateToken.execute(organization.bearer)).resolves.toMatchObject({ kind: 'organization' })
  })

  it("a deleted team's token stops authenticating", async () => {
    const { bearer } = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    await cases.teams.remove({ id: ci.id }, owner)
    await expect(cases.authenticateToken.execute(bearer)).rejects.toMatchObject(refused)
  })

  it("a deleted organization's tokens, and its teams' tokens, stop authenticating", async () => {
    const team = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    const organization = await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)
    await cases.organizations.remove({ name: 'acme' }, owner)
    await expect(cases.authenticateToken.execute(team.bearer)).rejects.toMatchObject(refused)
    await expect(cases.authenticateToken.execute(organization.bearer)).rejects.toMatchObject(refused)
  })

  it('a team token authenticates with the team as it is now, not as it was when issued', async () => {
    const { bearer } = await cases.serviceTokens.createTeamToken({ teamId: ci.id }, owner)
    await cases.teams.update({ id: ci.id, access: { manageModules: false, manageWorkspaces: true } }, owner)
    await expect(cases.authenticateToken.execute(bearer)).resolves.toMatchObject({
      team: { access: { manageModules: false, manageWorkspaces: true } },
    })
  })
})

import { addMember, aTeam, inMemoryDeps, type InMemoryDeps, settledVersion, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import { workJobs } from '../work-jobs.ts'

const PAGE = { number: 1, size: 20 }

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

describe('ManageOrganizations', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let ada: UserPrincipal

  const signUp = (username: string) => signUpUser(cases, username)

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    ada = await signUp('ada')
  })

  describe('create', () => {
    it('makes the creator a member and the only owner, with an owners team that may do everything', async () => {
      const organization = await cases.organizations.create({ name: 'acme', email: ' Owners@ACME.test ' }, ada)
      expect(organization).toMatchObject({ name: 'acme', email: 'owners@acme.test' })
      const memberships = await cases.memberships.list({ organizationName: 'acme', page: PAGE }, ada)
      expect(memberships.items.map(({ membership }) => [membership.userId, membership.status])).toEqual([[ada.user.id, 'active']])
      const teams = await cases.teams.list({ organizationName: 'acme', page: PAGE }, ada)
      expect(teams.items).toMatchObject([{ name: 'owners', access: { manageModules: true, manageWorkspaces: true } }])
      const { members } = await cases.teams.show({ id: teams.items[0]?.id ?? '' }, ada)
      expect(members.map((user) => user.username)).toEqual(['ada'])
    })

    const others: [string, Principal][] = [
      ['the operator', OPERATOR],
      ['a team token', { kind: 'team', team: aTeam(), tokenId: 'at-0000000000000091' }],
      ['an organization token', { kind: 'organization', organizationName: 'acme', tokenId: 'at-0000000000000092' }],
    ]
    it.each(others)('forbidden for %s: only a user can create an organization', async (_, principal) => {
      await expect(cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, principal)).rejects.toMatchObject({
        code: 'forbidden',
      })
      expect((await cases.organizations.list(PAGE, OPERATOR)).total).toBe(0)
    })

    it('gives each organization an external id of its own and the real API defaults, or the settings asked for', async () => {
      const acme = await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, ada)
      expect(acme).toMatchObject({ externalId: expect.stringMatching(/^org-/), speculativePlanManagementEnabled: true })
      await cases.organizations.remove({ name: 'acme' }, ada)
      const again = await cases.organizations.create({ name: 'acme', email: 'a@acme.test', speculativePlanManagementEnabled: false }, ada)
      expect(again.externalId).not.toBe(acme.externalId)
      expect(again.speculativePlanManagementEnabled).toBe(false)
      const updated = await cases.organizations.update(
        { name: 'acme', speculativePlanManagementEnabled: true, collaboratorAuthPolicy: 'password' },
        ada,
      )
      expect(updated).toMatchObject({ email: 'a@acme.test', externalId: again.externalId, speculativePlanManagementEnabled: true })
    })

    it('refuses collaborator auth policy two_factor_mandatory, which Cairn cannot enforce, naming the field', async () => {
      const command = { name: 'acme', email: 'a@acme.test', collaboratorAuthPolicy: 'two_factor_mandatory' }
      await expect(cases.organizations.create(command, ada)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'collaboratorAuthPolicy' }],
      })
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, ada)
      await expect(cases.organizations.update(command, ada)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'collaboratorAuthPolicy' }],
      })
    })

    it('names both fields when the name and the e-mail address are invalid', async () => {
      await expect(cases.organizations.create({ name: '-acme', email: 'not-an-address' }, ada)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }, { field: 'email' }],
      })
    })

    it('accepts a name of 64 characters and refuses one of 65', async () => {
      await expect(cases.organizations.create({ name: 'a'.repeat(64), email: 'a@acme.test' }, ada)).resolves.toBeDefined()
      await expect(cases.organizations.create({ name: 'b'.repeat(65), email: 'a@acme.test' }, ada)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
    })

    it('invalid on name when the name is taken, leaving the first organization as it was', async () => {
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, ada)
      const bob = await signUp('bob')
      await expect(cases.organizations.create({ name: 'acme', email: 'b@acme.test' }, bob)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'name' }],
      })
      await expect(cases.organizations.show({ name: 'acme' }, ada)).resolves.toMatchObject({ email: 'a@acme.test' })
      await expect(cases.organizations.show({ name: 'acme' }, bob)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('list', () => {
    beforeEach(async () => {
      await cases.organizations.create({ name: 'beta', email: 'b@beta.test' }, ada)
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, ada)
      await cases.organizations.create({ name: 'gamma', email: 'g@gamma.test' }, await signUp('bob'))
    })

    it('a user sees the organizations they belong to, by name', async () => {
      const page = await cases.organizations.list(PAGE, ada)
      expect(page.items.map((organization) => organization.name)).toEqual(['acme', 'beta'])
      expect(page.total).toBe(2)
    })

    it('the operator sees every organization', async () => {
      expect((await cases.organizations.list(PAGE, OPERATOR)).items.map((o) => o.name)).toEqual(['acme', 'beta', 'gamma'])
    })

    it('a team token and an organization token see their own organization only', async () => {
      const { items } = await cases.teams.list({ organizationName: 'beta', page: PAGE }, ada)
      const team = await cases.authenticateToken.execute(
        (await cases.serviceTokens.createTeamToken({ teamId: items[0]?.id ?? '' }, ada)).bearer,
      )
      const organization = await cases.authenticateToken.execute(
        (await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, ada)).bearer,
      )
      expect(await cases.organizations.list(PAGE, team)).toMatchObject({ items: [{ name: 'beta' }], total: 1 })
      expect(await cases.organizations.list(PAGE, organization)).toMatchObject({ items: [{ name: 'acme' }], total: 1 })
      expect(await cases.organizations.list({ number: 2, size: 20 }, organization)).toMatchObject({ items: [], total: 1 })
    })
  })

  describe('show', () => {
    it('members read the organization; others and absent names get not_found', async () => {
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, ada)
      await expect(cases.organizations.show({ name: 'acme' }, ada)).resolves.toMatchObject({ name: 'acme' })
      await expect(cases.organizations.show({ name: 'acme' }, await signUp('bob'))).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.organizations.show({ name: 'nowhere' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('update and remove: owners only', () => {
    let bob: UserPrincipal

    beforeEach(async () => {
      await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, ada)
      bob = await signUp('bob')
      await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, ada)
    })

    it('an owner changes the e-mail address, stored in lower case', async () => {
      await expect(cases.organizations.update({ name: 'acme', email: 'New@Acme.test' }, ada)).resolves.toMatchObject({
        email: 'new@acme.test',
      })
      await expect(cases.organizations.show({ name: 'acme' }, bob)).resolves.toMatchObject({ email: 'new@acme.test' })
    })

    it('an omitted e-mail address keeps its value', async () => {
      await expect(cases.organizations.update({ name: 'acme' }, ada)).resolves.toMatchObject({ email: 'a@acme.test' })
    })

    it('invalid on email for a bad address', async () => {
      await expect(cases.organizations.update({ name: 'acme', email: 'nope' }, ada)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'email' }],
      })
    })

    it('a member who is not an owner gets not_found and changes nothing', async () => {
      await expect(cases.organizations.update({ name: 'acme', email: 'b@acme.test' }, bob)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(cases.organizations.remove({ name: 'acme' }, bob)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.organizations.show({ name: 'acme' }, bob)).resolves.toMatchObject({ email: 'a@acme.test' })
    })

    it('an owner deletes the organization with its memberships, workspaces and module archives', async () => {
      await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, ada)
      const target = {
        organizationName: 'acme',
        address: { registryName: 'private' as const, namespace: 'acme', name: 'vpc', provider: 'aws' },
      }
      await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, ada)
      const { uploadObjectId } = await cases.moduleVersions.create({ ...target, version: '1.0.0' }, ada)
      await workJobs(deps.jobs, cases)
      const stored = await cases.moduleVersions.upload({ objectId: uploadObjectId ?? '', content: bytes('module') })
      const version = await settledVersion(deps.unitOfWork, stored.id)
      const blobKey = version.archive?.blobKey ?? ''
      expect(await deps.blobs.has(blobKey)).toBe(true)

      await cases.organizations.remove({ name: 'acme' }, ada)

      await expect(cases.organizations.show({ name: 'acme' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
      expect(await deps.unitOfWork.run(({ workspaces }) => workspaces.findByName('acme', 'net'))).toBeUndefined()
      expect(await deps.blobs.has(blobKey)).toBe(false)
      expect((await cases.organizations.list(PAGE, bob)).total).toBe(0)
    })
  })
})

import { addMember, inMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

const PAGE = { number: 1, size: 20 }

describe('ManageMemberships', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let cases: UseCases
  let owner: UserPrincipal
  let bob: UserPrincipal
  let carol: UserPrincipal

  const signUp = (username: string) => signUpUser(cases, username)

  async function memberIds(organizationName = 'acme'): Promise<string[]> {
    const page = await cases.memberships.list({ organizationName, page: PAGE }, OPERATOR)
    return page.items.map(({ membership }) => membership.userId)
  }

  async function ownersTeamId(organizationName = 'acme'): Promise<string> {
    const { items } = await cases.teams.list({ organizationName, page: PAGE }, OPERATOR)
    return items.find((team) => team.name === 'owners')?.id ?? ''
  }

  async function auditTypes(): Promise<string[]> {
    const { items } = await cases.auditEvents.execute({ number: 1, size: 100 }, OPERATOR)
    return items
      .map((event) => event.type)
      .filter((type) => type.startsWith('membership.'))
      .reverse()
  }

  const invite = (email: string, principal: UserPrincipal = owner, teamIds?: string[]) =>
    cases.memberships.invite({ organizationName: 'acme', email, ...(teamIds !== undefined && { teamIds }) }, principal)

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    owner = await signUp('olivia')
    bob = await signUp('bob')
    carol = await signUp('carol')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
  })

  describe('invite', () => {
    it('an invitation of a known address, in any case, grants nothing until accepted', async () => {
      const { membership, member } = await invite(' BOB@Example.com ')
      expect(membership).toMatchObject({ organizationName: 'acme', userId: bob.user.id, status: 'invited', email: 'bob@example.com' })
      expect(member).toBeUndefined()
      expect(membership.invitedUserId).not.toBe(bob.user.id)
      await expect(cases.organizations.show({ name: 'acme' }, bob)).rejects.toMatchObject({ code: 'not_found' })
      expect((await cases.organizations.list(PAGE, bob)).items).toEqual([])
    })

    it('an unknown address gets a placeholder user that the admin users list shows, with no username', async () => {
      const { membership } = await invite('nobody@example.com')
      expect(membership).toMatchObject({ status: 'invited', email: 'nobody@example.com', invitedUserId: membership.userId })
      const { page } = await cases.adminUsers.list({ search: 'nobody@', page: PAGE }, OPERATOR)
      expect(page.items).toMatchObject([{ id: membership.userId, username: null, email: 'nobody@example.com', isPlaceholder: true }])
    })

    it('a known and an unknown address look alike to the inviter', async () => {
      const hit = await invite('bob@example.com')
      const miss = await invite('nobody@example.com')
      const shape = (details: typeof hit) => ({
        ...details,
        membership: { ...details.membership, id: '', userId: '', email: '', invitedUserId: details.membership.invitedUserId.slice(0, 5) },
      })
      expect(shape(hit)).toEqual(shape(miss))
    })

    it('the placeholder becomes the user who signs up with the address, who then accepts', async () => {
      const { membership } = await invite('dave@example.com')
      const dave = await signUpUser(cases, 'dave')
      expect(dave.user.id).toBe(membership.userId)
      expect((await cases.adminUsers.list({ search: 'dave', page: PAGE }, OPERATOR)).page.total).toBe(1)
      await cases.memberships.accept({ id: membership.id }, dave)
      await expect(cases.organizations.show({ name: 'acme' }, dave)).resolves.toMatchObject({ name: 'acme' })
    })

    it('a placeholder goes with its last invitation; one still invited elsewhere stays', async () => {
      const placeholders = async () => (await cases.adminUsers.list({ search: 'nobody@', page: PAGE }, OPERATOR)).page.total
      const first = await invite('nobody@example.com')
      await cases.organizations.create({ name: 'beta', email: 'owners@beta.test' }, carol)
      const second = await cases.memberships.invite({ organizationName: 'beta', email: 'nobody@example.com' }, carol)
      expect(second.membership.userId).toBe(first.membership.userId)
      await cases.memberships.remove({ id: first.membership.id }, owner)
      expect(await placeholders()).toBe(1)
      await cases.memberships.remove({ id: second.membership.id }, carol)
      expect(await placeholders()).toBe(0)
    })

    it('a placeholder cannot be given a token', async () => {
      const { membership } = await invite('nobody@example.com')
      await expect(cases.userTokens.create.execute({ user: { id: membership.userId } }, OPERATOR)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('invalid on email for something that is not an e-mail address, and on teams for a team of another organization', async () => {
      await expect(invite('bob')).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'email' }] })
      await cases.organizations.create({ name: 'beta', email: 'owners@beta.test' }, carol)
      await expect(invite('bob@example.com', owner, [await ownersTeamId('beta')])).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'teams' }],
      })
      expect(await memberIds()).toEqual([owner.user.id])
    })

    it('invalid on user for an address invited or a member already', async () => {
      await invite('bob@example.com')
      await expect(invite('bob@example.com')).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'user' }] })
      expect(await memberIds()).toEqual([owner.user.id, bob.user.id])
    })

    it('a member who is not an owner, or a stranger, gets not_found', async () => {
      await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
      await expect(invite('carol@example.com', bob)).rejects.toMatchObject({ code: 'not_found' })
      await expect(invite('carol@example.com', carol)).rejects.toMatchObject({ code: 'not_found' })
      expect(await memberIds()).toEqual([owner.user.id, bob.user.id])
    })
  })

  describe('accept and decline', () => {
    it('the invitee accepts: member at once, on the teams of the invitation, owners included', async () => {
      const { membership } = await invite('bob@example.com', owner, [await ownersTeamId()])
      expect((await cases.teams.show({ id: await ownersTeamId() }, owner)).members.map((user) => user.id)).toEqual([owner.user.id])
      const accepted = await cases.memberships.accept({ id: membership.id }, bob)
      expect(accepted).toMatchObject({
        membership: { status: 'active', invitedUserId: bob.user.id },
        teams: [{ id: await ownersTeamId() }],
      })
      expect(accepted.member?.username).toBe('bob')
      await expect(cases.organizations.update({ name: 'acme', email: 'bob@acme.test' }, bob)).resolves.toMatchObject({
        email: 'bob@acme.test',
      })
      await expect(cases.memberships.accept({ id: membership.id }, bob)).rejects.toMatchObject({ code: 'precondition' })
      expect(await auditTypes()).toEqual(['membership.invited', 'membership.accepted'])
    })

    it('an invited user cannot be put on a team, not even by an owner', async () => {
      await invite('bob@example.com')
      await expect(cases.teams.addMembers({ id: await ownersTeamId(), usernames: ['bob'] }, owner)).rejects.toMatchObject({
        code: 'invalid',
      })
    })

    it('only the invitee answers: to the owner and others the invitation does not exist', async () => {
      const { membership } = await invite('bob@example.com')
      for (const principal of [owner, carol]) {
        await expect(cases.memberships.accept({ id: membership.id }, principal)).rejects.toMatchObject({ code: 'not_found' })
        await expect(cases.memberships.decline({ id: membership.id }, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
    })

    it('an administrator impersonating the invitee cannot answer for them (forbidden)', async () => {
      const { membership } = await invite('bob@example.com')
      const admin = await signUpUser(cases, 'ada', { isSiteAdmin: true })
      const { cookie } = await cases.impersonation.start({ userId: bob.user.id, reason: 'support ticket 9' }, admin)
      const impersonating = await cases.authenticateSession.execute(cookie)
      await expect(cases.memberships.accept({ id: membership.id }, impersonating)).rejects.toMatchObject({ code: 'forbidden' })
      await expect(cases.memberships.decline({ id: membership.id }, impersonating)).rejects.toMatchObject({ code: 'forbidden' })
      await expect(cases.memberships.show({ id: membership.id }, bob)).resolves.toMatchObject({ membership: { status: 'invited' } })
    })

    it('the invitee declines: the invitation is gone and may be sent again', async () => {
      const { membership } = await invite('bob@example.com')
      await cases.memberships.decline({ id: membership.id }, bob)
      expect(await memberIds()).toEqual([owner.user.id])
      await expect(invite('bob@example.com')).resolves.toMatchObject({ membership: { status: 'invited' } })
      expect(await auditTypes()).toEqual(['membership.invited', 'membership.declined', 'membership.invited'])
    })

    it('the invitee sees their own invitations; a token that is not a user has none', async () => {
      const { membership } = await invite('bob@example.com')
      expect((await cases.memberships.listOwn(bob)).map((own) => own.membership.id)).toEqual([membership.id])
      await expect(cases.memberships.show({ id: membership.id }, bob)).resolves.toMatchObject({ membership: { status: 'invited' } })
      await expect(cases.memberships.show({ id: membership.id }, carol)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.memberships.listOwn(OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('list and show', () => {
    it('members read the memberships, filtered by status, address and search; strangers get not_found', async () => {
      const { membership } = await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
      await invite('carol@example.com')
      const list = (query: object) => cases.memberships.list({ organizationName: 'acme', page: PAGE, ...query }, bob)
      const emails = async (query: object) => (await list(query)).items.map((details) => details.membership.email)
      expect(await emails({})).toEqual(['olivia@example.com', 'bob@example.com', 'carol@example.com'])
      expect(await emails({ status: 'invited' })).toEqual(['carol@example.com'])
      expect(await emails({ emails: ['bob@example.com', 'carol@example.com'] })).toEqual(['bob@example.com', 'carol@example.com'])
      expect(await emails({ search: 'OLIV' })).toEqual(['olivia@example.com'])
      await expect(cases.memberships.show({ id: membership.id }, bob)).resolves.toMatchObject({ membership: { id: membership.id } })
      await expect(list({})).resolves.toMatchObject({ total: 3 })
      await expect(cases.memberships.list({ organizationName: 'acme', page: PAGE }, carol)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.memberships.show({ id: membership.id }, carol)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.memberships.show({ id: 'ou-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })

    it("a search by an invitee's username finds nothing until they accept: an invitation shows only its address", async () => {
      const zed = await signUpUser(cases, 'zed', { email: 'z@example.com' })
      const { membership } = await invite('z@example.com')
      const search = async (text: string) =>
        (await cases.memberships.list({ organizationName: 'acme', search: text, page: PAGE }, owner)).total
      expect(await search('zed')).toBe(0)
      expect(await search('Z@EXAMPLE')).toBe(1)
      await cases.memberships.accept({ id: membership.id }, zed)
      expect(await search('zed')).toBe(1)
    })
  })

  describe('remove and leave', () => {
    it('invalid on user for the only owner, who stays a member and an owner', async () => {
      const [first] = (await cases.memberships.list({ organizationName: 'acme', page: PAGE }, owner)).items
      await expect(cases.memberships.remove({ id: first?.membership.id ?? '' }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'user' }],
      })
      expect(await memberIds()).toEqual([owner.user.id])
    })

    it('a member leaves; the last owner cannot, even with an owner invited', async () => {
      const { membership } = await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
      await cases.memberships.remove({ id: membership.id }, bob)
      await expect(cases.organizations.show({ name: 'acme' }, bob)).rejects.toMatchObject({ code: 'not_found' })
      await invite('carol@example.com', owner, [await ownersTeamId()])
      const [own] = (await cases.memberships.list({ organizationName: 'acme', page: PAGE }, owner)).items
      await expect(cases.memberships.remove({ id: own?.membership.id ?? '' }, owner)).rejects.toMatchObject({ code: 'invalid' })
      expect(await auditTypes()).toEqual(['membership.invited', 'membership.accepted', 'membership.left', 'membership.invited'])
    })

    it('an owner may be removed while another owner remains', async () => {
      const { membership } = await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
      await cases.teams.addMembers({ id: await ownersTeamId(), usernames: ['bob'] }, owner)
      await cases.memberships.remove({ id: membership.id }, owner)
      expect(await memberIds()).toEqual([owner.user.id])
      const { members } = await cases.teams.show({ id: await ownersTeamId() }, owner)
      expect(members.map((user) => user.username)).toEqual(['olivia'])
      expect(await auditTypes()).toContain('membership.removed')
    })

    it("removing a member takes them off the organization's teams, and only that organization's", async () => {
      const { membership } = await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
      const developers = await cases.teams.create({ organizationName: 'acme', name: 'developers', access: { manageModules: true } }, owner)
      await cases.teams.addMembers({ id: developers.id, usernames: ['bob'] }, owner)
      await cases.organizations.create({ name: 'beta', email: 'owners@beta.test' }, carol)
      await addMember(cases, { organizationName: 'beta', email: 'bob@example.com' }, carol)
      const betaTeam = await cases.teams.create({ organizationName: 'beta', name: 'developers' }, carol)
      await cases.teams.addMembers({ id: betaTeam.id, usernames: ['bob'] }, carol)

      await cases.memberships.remove({ id: membership.id }, owner)

      expect((await cases.teams.show({ id: developers.id }, owner)).members).toEqual([])
      await expect(cases.organizations.show({ name: 'acme' }, bob)).rejects.toMatchObject({ code: 'not_found' })
      expect((await cases.teams.show({ id: betaTeam.id }, carol)).members.map((user) => user.username)).toEqual(['bob'])
    })

    it('a member who is not an owner gets not_found and removes nobody', async () => {
      await addMember(cases, { organizationName: 'acme', email: 'bob@example.com' }, owner)
      const { membership } = await invite('carol@example.com')
      await expect(cases.memberships.remove({ id: membership.id }, bob)).rejects.toMatchObject({ code: 'not_found' })
      expect(await memberIds()).toEqual([owner.user.id, bob.user.id, carol.user.id])
    })

    it('not_found for a membership that does not exist', async () => {
      await expect(cases.memberships.remove({ id: 'ou-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('organization creation limited to site administrators (the self-hosted installation default)', () => {
    it('a user who is not a site administrator is refused with forbidden; an administrator creates one', async () => {
      cases = createUseCases(inMemoryDeps({ installationDefaults: true }))
      const user = await signUp('user')
      const admin = await signUpUser(cases, 'admin', { isSiteAdmin: true })
      await expect(cases.organizations.create({ name: 'mine', email: 'a@b.test' }, user)).rejects.toMatchObject({ code: 'forbidden' })
      await expect(cases.organizations.create({ name: 'mine', email: 'a@b.test' }, admin)).resolves.toMatchObject({ name: 'mine' })
      await cases.adminGeneralSettings.update({ limitUserOrganizationCreation: false }, admin)
      await expect(cases.organizations.create({ name: 'yours', email: 'a@b.test' }, user)).resolves.toMatchObject({ name: 'yours' })
    })

    it('the hosted edition, which has no admin API, lets anyone create one', async () => {
      cases = createUseCases(inMemoryDeps({ edition: 'hosted', installationDefaults: true }))
      const user = await signUp('user')
      await expect(cases.organizations.create({ name: 'mine', email: 'a@b.test' }, user)).resolves.toMatchObject({ name: 'mine' })
    })
  })
})

import { addMember, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type Principal, type UserPrincipal } from '../auth/principal.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'

const PAGE = { number: 1, size: 20 }
const TOOL = { url: 'https://releases.example.com/t.zip', sha: 'b'.repeat(64) }

describe('ManageWorkspaces', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal
  let reader: UserPrincipal
  let manager: UserPrincipal
  let stranger: UserPrincipal

  const signUp = (username: string) => signUpUser(cases, username)

  async function member(username: string, manageWorkspaces: boolean): Promise<UserPrincipal> {
    const principal = await signUp(username)
    await addMember(cases, { organizationName: 'acme', email: principal.user.email }, owner)
    const team = await cases.teams.create({ organizationName: 'acme', name: `${username}-team`, access: { manageWorkspaces } }, owner)
    await cases.teams.addMembers({ id: team.id, usernames: [username] }, owner)
    return principal
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    owner = await signUp('olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    reader = await member('mia', false)
    manager = await member('wes', true)
    stranger = await signUp('nora')
    await cases.toolVersions.create.execute({ ...TOOL, version: '1.9.0' }, OPERATOR)
    await cases.toolVersions.create.execute({ ...TOOL, version: '1.8.0', enabled: false }, OPERATOR)
  })

  describe('create', () => {
    it('creates a workspace with no run, changed when created', async () => {
      deps.clock.advance(1000)
      const { workspace, toolVersion } = await cases.workspaces.create({ organizationName: 'acme', name: 'networking' }, manager)
      expect(workspace).toMatchObject({
        name: 'networking',
        organizationName: 'acme',
        toolVersionId: null,
        locked: false,
        currentRun: null,
        createdAt: deps.clock.now(),
        latestChangeAt: deps.clock.now(),
      })
      expect(toolVersion).toBeNull()
    })

    it('takes an enabled tool version by its version string', async () => {
      const { workspace, toolVersion } = await cases.workspaces.create(
        { organizationName: 'acme', name: 'net', toolVersion: '1.9.0' },
        owner,
      )
      expect(toolVersion).toBe('1.9.0')
      await expect(cases.workspaces.show({ id: workspace.id }, reader)).resolves.toMatchObject({ toolVersion: '1.9.0' })
    })

    it.each([
      ['unknown', '9.9.9'],
      ['disabled', '1.8.0'],
    ])('invalid on toolVersion for a tool version that is %s', async (_, version) => {
      await expect(cases.workspaces.create({ organizationName: 'acme', name: 'net', toolVersion: version }, owner)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'toolVersion' }],
      })
      expect((await cases.workspaces.list({ organizationName: 'acme', page: PAGE }, owner)).total).toBe(0)
    })

    it('invalid on name for a name the organization has already, or a malformed one', async () => {
      await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      for (const name of ['net', 'no spaces', 'n'.repeat(91)]) {
        await expect(cases.workspaces.create({ organizationName: 'acme', name }, owner)).rejects.toMatchObject({
          code: 'invalid',
          fields: [{ field: 'name' }],
        })
      }
    })

    it('another organization may use the same name', async () => {
      await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      await cases.organizations.create({ name: 'beta', email: 'b@beta.test' }, stranger)
      await expect(cases.workspaces.create({ organizationName: 'beta', name: 'net' }, stranger)).resolves.toBeDefined()
    })

    it('needs the permission to manage workspaces: a reader or a stranger gets not_found', async () => {
      for (const principal of [reader, stranger]) {
        await expect(cases.workspaces.create({ organizationName: 'acme', name: 'net' }, principal)).rejects.toMatchObject({
          code: 'not_found',
        })
      }
    })

    it('an organization token, and a team token allowed to manage workspaces, create workspaces', async () => {
      const organization = await cases.authenticateToken.execute(
        (await cases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, owner)).bearer,
      )
      const deploy = await cases.teams.create({ organizationName: 'acme', name: 'deploy', access: { manageWorkspaces: true } }, owner)
      const team = await cases.authenticateToken.execute((await cases.serviceTokens.createTeamToken({ teamId: deploy.id }, owner)).bearer)
      await expect(cases.workspaces.create({ organizationName: 'acme', name: 'one' }, organization)).resolves.toBeDefined()
      await expect(cases.workspaces.create({ organizationName: 'acme', name: 'two' }, team)).resolves.toBeDefined()
    })
  })

  describe('reads', () => {
    it("list gives the organization's workspaces to its members only", async () => {
      await cases.workspaces.create({ organizationName: 'acme', name: 'one' }, owner)
      await cases.workspaces.create({ organizationName: 'acme', name: 'two', toolVersion: '1.9.0' }, owner)
      await cases.organizations.create({ name: 'beta', email: 'b@beta.test' }, stranger)
      await cases.workspaces.create({ organizationName: 'beta', name: 'three' }, stranger)
      const page = await cases.workspaces.list({ organizationName: 'acme', page: PAGE }, reader)
      expect(page.items.map((view) => [view.workspace.name, view.toolVersion]).sort()).toEqual([
        ['one', null],
        ['two', '1.9.0'],
      ])
      await expect(cases.workspaces.list({ organizationName: 'acme', page: PAGE }, stranger)).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('show finds a workspace by id and by organization and name', async () => {
      const { workspace } = await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      await expect(cases.workspaces.show({ id: workspace.id }, reader)).resolves.toMatchObject({ workspace })
      await expect(cases.workspaces.show({ organizationName: 'acme', name: 'net' }, reader)).resolves.toMatchObject({ workspace })
    })

    it('show: not_found for a stranger, by id or by name, and for a workspace that does not exist', async () => {
      const { workspace } = await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      const attempts: [Parameters<UseCases['workspaces']['show']>[0], Principal][] = [
        [{ id: workspace.id }, stranger],
        [{ organizationName: 'acme', name: 'net' }, stranger],
        [{ id: 'ws-missing' }, OPERATOR],
        [{ organizationName: 'acme', name: 'missing' }, OPERATOR],
      ]
      for (const [ref, principal] of attempts) {
        await expect(cases.workspaces.show(ref, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
    })
  })

  describe('recordStateVersion', () => {
    it('moves latest-change-at to now, and nothing else', async () => {
      const { workspace } = await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      deps.clock.advance(60_000)
      const changed = await cases.workspaces.recordStateVersion({ organizationName: 'acme', name: 'net' }, manager)
      expect(changed).toEqual({ ...workspace, latestChangeAt: deps.clock.now() })
      await expect(cases.workspaces.show({ id: workspace.id }, reader)).resolves.toMatchObject({ workspace: changed })
    })

    it('needs the permission to manage workspaces', async () => {
      const { workspace } = await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      deps.clock.advance(60_000)
      await expect(cases.workspaces.recordStateVersion({ id: workspace.id }, reader)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.workspaces.show({ id: workspace.id }, reader)).resolves.toMatchObject({ workspace })
    })
  })

  describe('remove', () => {
    it('deletes the workspace with its runs', async () => {
      const { workspace } = await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      const run = await cases.runs.create({ workspaceId: workspace.id }, manager)
      await cases.workspaces.remove({ id: workspace.id }, manager)
      await expect(cases.workspaces.show({ id: workspace.id }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
      expect(await deps.unitOfWork.run(({ runs }) => runs.findById(run.id))).toBeUndefined()
    })

    it('needs the permission to manage workspaces', async () => {
      const { workspace } = await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      await expect(cases.workspaces.remove({ organizationName: 'acme', name: 'net' }, reader)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(cases.workspaces.show({ id: workspace.id }, reader)).resolves.toBeDefined()
    })

    it('lets a store failure in the access check through, for the unit of work to retry, instead of answering not_found', async () => {
      const { workspace } = await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)
      const run = await cases.runs.create({ workspaceId: workspace.id }, manager)
      const serializationFailure = new Error('could not serialize access due to read/write dependencies among transactions')
      const failingTeamMembers = new Proxy({} as Repositories['teamMembers'], { get: () => () => Promise.reject(serializationFailure) })
      const failing = createUseCases({
        ...deps,
        unitOfWork: {
          run: (work) => deps.unitOfWork.run((repositories) => work({ ...repositories, teamMembers: failingTeamMembers })),
          read: (work) => deps.unitOfWork.read((repositories) => work({ ...repositories, teamMembers: failingTeamMembers })),
          autocommit: (work) => deps.unitOfWork.autocommit((repositories) => work({ ...repositories, teamMembers: failingTeamMembers })),
        },
      })
      await expect(failing.workspaces.remove({ id: workspace.id }, manager)).rejects.toBe(serializationFailure)
      await expect(failing.runs.show({ id: run.id }, manager)).rejects.toBe(serializationFailure)
      await expect(cases.workspaces.show({ id: workspace.id }, manager)).resolves.toBeDefined()
    })
  })
})

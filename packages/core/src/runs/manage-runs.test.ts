import { addMember, inMemoryDeps, type InMemoryDeps, signUpUser } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR, type UserPrincipal } from '../auth/principal.ts'
import { createUseCases, type UseCases } from '../use-cases.ts'
import type { Workspace } from '../workspaces/workspace.ts'
import type { Run } from './run.ts'

const PAGE = { number: 1, size: 20 }

describe('ManageRuns', () => {
  let deps: InMemoryDeps
  let cases: UseCases
  let owner: UserPrincipal
  let reader: UserPrincipal
  let stranger: UserPrincipal
  let workspace: Workspace

  const signUp = (username: string) => signUpUser(cases, username)

  async function currentRunOf(): Promise<Workspace['currentRun']> {
    return (await cases.workspaces.show({ id: workspace.id }, OPERATOR)).workspace.currentRun
  }

  async function stored(run: Run): Promise<Run> {
    return cases.runs.show({ id: run.id }, OPERATOR)
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    owner = await signUp('olivia')
    await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
    reader = await signUp('mia')
    await addMember(cases, { organizationName: 'acme', email: 'mia@example.com' }, owner)
    stranger = await signUp('nora')
    workspace = (await cases.workspaces.create({ organizationName: 'acme', name: 'net' }, owner)).workspace
  })

  describe('create', () => {
    it('queues a pending run, which becomes the current run of its workspace', async () => {
      deps.clock.advance(1000)
      const run = await cases.runs.create({ workspaceId: workspace.id }, owner)
      expect(run).toMatchObject({ workspaceId: workspace.id, status: 'pending', message: 'Queued manually', createdAt: deps.clock.now() })
      expect(await currentRunOf()).toEqual({ id: run.id, status: 'pending', createdAt: run.createdAt })
    })

    it('keeps the message it is given; a newer run replaces the current one', async () => {
      await cases.runs.create({ workspaceId: workspace.id }, owner)
      const newer = await cases.runs.create({ workspaceId: workspace.id, message: 'from CI' }, owner)
      expect(newer.message).toBe('from CI')
      expect((await currentRunOf())?.id).toBe(newer.id)
    })

    it('needs the permission to manage workspaces: a reader or a stranger gets not_found', async () => {
      for (const principal of [reader, stranger]) {
        await expect(cases.runs.create({ workspaceId: workspace.id }, principal)).rejects.toMatchObject({ code: 'not_found' })
      }
      expect(await currentRunOf()).toBeNull()
    })

    it('not_found for a workspace that does not exist', async () => {
      await expect(cases.runs.create({ workspaceId: 'ws-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('reads', () => {
    it('members read runs, newest first; strangers get not_found', async () => {
      const first = await cases.runs.create({ workspaceId: workspace.id }, owner)
      deps.clock.advance(1000)
      const second = await cases.runs.create({ workspaceId: workspace.id }, owner)
      const page = await cases.runs.list({ workspaceId: workspace.id, page: PAGE }, reader)
      expect(page.items.map((run) => run.id)).toEqual([second.id, first.id])
      await expect(cases.runs.show({ id: first.id }, reader)).resolves.toEqual(first)
      await expect(cases.runs.show({ id: first.id }, stranger)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.runs.list({ workspaceId: workspace.id, page: PAGE }, stranger)).rejects.toMatchObject({ code: 'not_found' })
      await expect(cases.runs.show({ id: 'run-missing' }, OPERATOR)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('changes', () => {
    let run: Run

    beforeEach(async () => {
      run = await cases.runs.create({ workspaceId: workspace.id }, owner)
      deps.clock.advance(5000)
    })

    it("recordStatus moves the run, and the workspace's current run follows", async () => {
      const planning = await cases.runs.recordStatus({ id: run.id, status: 'planning' }, owner)
      expect(planning).toEqual({ ...run, status: 'planning', statusChangedAt: deps.clock.now() })
      expect(await stored(run)).toEqual(planning)
      expect(await currentRunOf()).toEqual({ id: run.id, status: 'planning', createdAt: run.createdAt })
    })

    it('discard: a run awaiting confirmation is discarded, and the current run follows', async () => {
      await cases.runs.recordStatus({ id: run.id, status: 'planned' }, owner)
      await expect(cases.runs.discard({ id: run.id }, owner)).resolves.toMatchObject({ status: 'discarded' })
      expect((await currentRunOf())?.status).toBe('discarded')
    })

    it('cancel: a working run is canceled, and the current run follows', async () => {
      await cases.runs.recordStatus({ id: run.id, status: 'applying' }, owner)
      await expect(cases.runs.cancel({ id: run.id }, owner)).resolves.toMatchObject({ status: 'canceled' })
      expect((await currentRunOf())?.status).toBe('canceled')
    })

    it('discard: conflict for a run that is working, which stays as it was', async () => {
      const applying = await cases.runs.recordStatus({ id: run.id, status: 'applying' }, owner)
      await expect(cases.runs.discard({ id: run.id }, owner)).rejects.toMatchObject({ code: 'conflict' })
      expect(await stored(run)).toEqual(applying)
      expect((await currentRunOf())?.status).toBe('applying')
    })

    it('cancel: conflict for a run awaiting confirmation, which stays as it was', async () => {
      const planned = await cases.runs.recordStatus({ id: run.id, status: 'planned' }, owner)
      await expect(cases.runs.cancel({ id: run.id }, owner)).rejects.toMatchObject({ code: 'conflict' })
      expect(await stored(run)).toEqual(planned)
    })

    it.each(['applied', 'errored', 'planned_and_finished'] as const)('recordStatus: conflict once the run is %s', async (final) => {
      const finished = await cases.runs.recordStatus({ id: run.id, status: final }, owner)
      await expect(cases.runs.recordStatus({ id: run.id, status: 'planning' }, owner)).rejects.toMatchObject({ code: 'conflict' })
      expect(await stored(run)).toEqual(finished)
      expect((await currentRunOf())?.status).toBe(final)
    })

    it('a run that is no longer current changes without touching the current run', async () => {
      const newer = await cases.runs.create({ workspaceId: workspace.id }, owner)
      await cases.runs.discard({ id: run.id }, owner)
      expect(await currentRunOf()).toEqual({ id: newer.id, status: 'pending', createdAt: newer.createdAt })
    })

    it('needs the permission to manage workspaces: a reader gets not_found and changes nothing', async () => {
      const attempts = [
        () => cases.runs.discard({ id: run.id }, reader),
        () => cases.runs.cancel({ id: run.id }, reader),
        () => cases.runs.recordStatus({ id: run.id, status: 'planning' }, reader),
      ]
      for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'not_found' })
      expect(await stored(run)).toEqual(run)
    })

    it('a team token allowed to manage workspaces reports progress', async () => {
      const executors = await cases.teams.create({ organizationName: 'acme', name: 'executors', access: { manageWorkspaces: true } }, owner)
      const team = await cases.authenticateToken.execute(
        (await cases.serviceTokens.createTeamToken({ teamId: executors.id }, owner)).bearer,
      )
      await expect(cases.runs.recordStatus({ id: run.id, status: 'plan_queued' }, team)).resolves.toMatchObject({ status: 'plan_queued' })
    })
  })
})

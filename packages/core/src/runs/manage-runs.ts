import type { Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { findWorkspace } from '../workspaces/manage-workspaces.ts'
import { withCurrentRun } from '../workspaces/workspace.ts'
import { cancelRun, discardRun, recordRunStatus, type Run, type RunStatus } from './run.ts'

/**
 * Runs, as records: Cairn executes none. Members of a workspace's organization read runs; those
 * who manage its workspaces create runs (each becomes the workspace's current run), discard and
 * cancel them; whatever executes runs reports their progress through `recordStatus`.
 */
export class ManageRuns {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>) {
    this.#deps = deps
  }

  create(command: { readonly workspaceId: string; readonly message?: string }, principal: Principal): Promise<Run> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const workspace = await findWorkspace(repositories, { id: command.workspaceId }, principal, 'canManageWorkspaces')
      const now = this.#deps.clock.now()
      const run: Run = {
        id: this.#deps.ids.next('run'),
        workspaceId: workspace.id,
        status: 'pending',
        message: command.message ?? 'Queued manually',
        createdAt: now,
        statusChangedAt: now,
      }
      await repositories.runs.add(run)
      await repositories.workspaces.update(withCurrentRun(workspace, run))
      return run
    })
  }

  show(command: { readonly id: string }, principal: Principal): Promise<Run> {
    return this.#deps.unitOfWork.read((repositories) => findRun(repositories, command.id, principal, 'canRead'))
  }

  list(command: { readonly workspaceId: string; readonly page: PageRequest }, principal: Principal): Promise<Page<Run>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const workspace = await findWorkspace(repositories, { id: command.workspaceId }, principal, 'canRead')
      return repositories.runs.listByWorkspace(workspace.id, command.page)
    })
  }

  /** Raises `conflict` unless the run awaits confirmation. */
  discard(command: { readonly id: string }, principal: Principal): Promise<Run> {
    return this.#change(command.id, principal, (run, at) => discardRun(run, at))
  }

  /** Raises `conflict` unless the run is queued or working. */
  cancel(command: { readonly id: string }, principal: Principal): Promise<Run> {
    return this.#change(command.id, principal, (run, at) => cancelRun(run, at))
  }

  /** Records a status an executor reports. Raises `conflict` once the run has finished. */
  recordStatus(command: { readonly id: string; readonly status: RunStatus }, principal: Principal): Promise<Run> {
    return this.#change(command.id, principal, (run, at) => recordRunStatus(run, command.status, at))
  }

  #change(id: string, principal: Principal, transition: (run: Run, at: Date) => Run): Promise<Run> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const run = await findRun(repositories, id, principal, 'canManageWorkspaces')
      const changed = transition(run, this.#deps.clock.now())
      await repositories.runs.update(changed)
      const workspace = await repositories.workspaces.findById(run.workspaceId)
      if (workspace?.currentRun?.id === run.id) await repositories.workspaces.update(withCurrentRun(workspace, changed))
      return changed
    })
  }
}

async function findRun(
  repositories: Repositories,
  id: string,
  principal: Principal,
  need: 'canRead' | 'canManageWorkspaces',
): Promise<Run> {
  const run = await repositories.runs.findById(id)
  if (run === undefined) throw CairnError.notFound('run')
  try {
    await findWorkspace(repositories, { id: run.workspaceId }, principal, need)
  } catch (error) {
    throw isCairnError(error, 'not_found') ? CairnError.notFound('run') : error
  }
  return run
}

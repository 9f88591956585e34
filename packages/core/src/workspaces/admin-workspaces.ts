import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { recordAuditEvent } from '../audit/record-audit-event.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Organization } from '../organizations/organization.ts'
import type { WorkspaceQuery, WorkspaceStatusCounts } from '../ports/workspace-repository.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Run } from '../runs/run.ts'
import type { Page } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { User } from '../users/user.ts'
import { viewsOf, type WorkspaceView } from './manage-workspaces.ts'

/** The related resources a workspace read may include (spec §2.3). */
export type WorkspaceInclude = 'organization' | 'organization.owners' | 'current_run'

export const WORKSPACE_INCLUDES: readonly WorkspaceInclude[] = ['organization', 'organization.owners', 'current_run']

/** Workspaces with the related resources that were asked for, each loaded once. */
export interface WorkspacesWithRelated {
  readonly organizations: Map<string, Organization>
  readonly owners: Map<string, User[]>
  readonly currentRuns: Map<string, Run>
}

/** A page of workspaces with their related resources and the counts by current-run status. */
export type WorkspaceList = { readonly page: Page<WorkspaceView>; readonly statusCounts: WorkspaceStatusCounts } & WorkspacesWithRelated

/** Site administrators see and destroy every workspace (spec §4.2). Others get `not_found`. */
export class AdminWorkspaces {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>) {
    this.#deps = deps
  }

  async list(query: WorkspaceQuery & { readonly include: readonly WorkspaceInclude[] }, principal: Principal) {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.read(async (repositories): Promise<WorkspaceList> => {
      // The admin API documents name as the default order.
      const sort = query.sort ?? { key: 'name', descending: false }
      const { page, statusCounts } = await repositories.workspaces.listWithStatusCounts({ ...query, sort })
      const items = await viewsOf(repositories, page.items)
      return { page: { ...page, items }, statusCounts, ...(await related(repositories, items, query.include)) }
    })
  }

  async show(command: { readonly id: string; readonly include: readonly WorkspaceInclude[] }, principal: Principal) {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.read(async (repositories): Promise<{ view: WorkspaceView } & WorkspacesWithRelated> => {
      const workspace = await repositories.workspaces.findById(command.id)
      if (workspace === undefined) throw CairnError.notFound('workspace')
      const [view = { workspace, toolVersion: null }] = await viewsOf(repositories, [workspace])
      return { view, ...(await related(repositories, [view], command.include)) }
    })
  }

  /** Destroys a workspace with its runs; the tool version it used is used by one fewer. */
  async destroy(command: { readonly id: string }, principal: Principal): Promise<void> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.run(async (repositories) => {
      const workspace = await repositories.workspaces.findById(command.id)
      if (workspace === undefined) throw CairnError.notFound('workspace')
      await repositories.workspaces.remove(workspace.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'workspace.deleted', principal, targetId: workspace.id })
    })
  }
}

async function related(
  repositories: Repositories,
  views: readonly WorkspaceView[],
  include: readonly WorkspaceInclude[],
): Promise<WorkspacesWithRelated> {
  const names = [...new Set(views.map((view) => view.workspace.organizationName))]
  const wantsOrganizations = include.includes('organization') || include.includes('organization.owners')
  const organizations = wantsOrganizations ? await repositories.organizations.findByNames(names) : []
  const owners = include.includes('organization.owners') ? await repositories.teamMembers.ownersOf(names) : new Map<string, User[]>()
  const runIds = views.flatMap((view) => (view.workspace.currentRun === null ? [] : [view.workspace.currentRun.id]))
  const runs = include.includes('current_run') ? await repositories.runs.findByIds(runIds) : []
  return {
    organizations: new Map(organizations.map((organization) => [organization.name, organization])),
    owners,
    currentRuns: new Map(runs.map((run) => [run.id, run])),
  }
}

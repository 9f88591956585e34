import type { Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import { requireOrganization } from '../organizations/organization-access.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { ToolVersion } from '../tool-versions/tool-version.ts'
import { parseWorkspaceName, type Workspace } from './workspace.ts'

export interface CreateWorkspaceCommand {
  readonly organizationName: string
  readonly name: string
  /** The tool version to run, by version string (`1.9.0`); none when absent. */
  readonly toolVersion?: string
}

/** A workspace with the version string of its tool version, as clients show it. */
export interface WorkspaceView {
  readonly workspace: Workspace
  readonly toolVersion: string | null
}

/**
 * Workspaces in an organization: members read them; owners and teams allowed to manage
 * workspaces create and delete them. Everyone else is told they do not exist.
 */
export class ManageWorkspaces {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>) {
    this.#deps = deps
  }

  create(command: CreateWorkspaceCommand, principal: Principal): Promise<WorkspaceView> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'canManageWorkspaces')
      const name = parseWorkspaceName(command.name)
      const toolVersion = command.toolVersion === undefined ? undefined : await findToolVersion(repositories, command.toolVersion)
      const now = this.#deps.clock.now()
      const workspace: Workspace = {
        id: this.#deps.ids.next('ws'),
        name,
        organizationName: command.organizationName,
        toolVersionId: toolVersion?.id ?? null,
        locked: false,
        createdAt: now,
        latestChangeAt: now,
        currentRun: null,
      }
      await repositories.workspaces.add(workspace)
      return { workspace, toolVersion: toolVersion?.version ?? null }
    })
  }

  list(command: { readonly organizationName: string; readonly page: PageRequest }, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories): Promise<Page<WorkspaceView>> => {
      await requireOrganization(repositories, principal, command.organizationName, 'canRead')
      const page = await repositories.workspaces.list({ organizationName: command.organizationName, page: command.page })
      return { ...page, items: await viewsOf(repositories, page.items) }
    })
  }

  /** One workspace, by id or by organization and name. */
  show(command: WorkspaceRef, principal: Principal): Promise<WorkspaceView> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const workspace = await findWorkspace(repositories, command, principal, 'canRead')
      const [view] = await viewsOf(repositories, [workspace])
      return view ?? { workspace, toolVersion: null }
    })
  }

  /** Records that a state version was created now, for `latest-change-at`. For executors. */
  recordStateVersion(command: WorkspaceRef, principal: Principal): Promise<Workspace> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const workspace = await findWorkspace(repositories, command, principal, 'canManageWorkspaces')
      const changed = { ...workspace, latestChangeAt: this.#deps.clock.now() }
      await repositories.workspaces.update(changed)
      return changed
    })
  }

  /** Deletes a workspace with its runs. */
  remove(command: WorkspaceRef, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const workspace = await findWorkspace(repositories, command, principal, 'canManageWorkspaces')
      await repositories.workspaces.remove(workspace.id)
    })
  }
}

export type WorkspaceRef = { readonly id: string } | { readonly organizationName: string; readonly name: string }

/** The workspace, when the principal has `need` in its organization; else `not_found`. */
export async function findWorkspace(
  repositories: Repositories,
  ref: WorkspaceRef,
  principal: Principal,
  need: 'canRead' | 'canManageWorkspaces',
): Promise<Workspace> {
  const workspace =
    'id' in ref ? await repositories.workspaces.findById(ref.id) : await repositories.workspaces.findByName(ref.organizationName, ref.name)
  if (workspace === undefined) throw CairnError.notFound('workspace')
  // Only a refusal becomes this resource's 404: a store failure (a serialization failure the unit
  // of work retries) must reach the unit of work as it is.
  try {
    await requireOrganization(repositories, principal, workspace.organizationName, need)
  } catch (error) {
    throw isCairnError(error, 'not_found') ? CairnError.notFound('workspace') : error
  }
  return workspace
}

/** Workspaces with the version strings of their tool versions, looked up once per version. */
export async function viewsOf(repositories: Repositories, workspaces: readonly Workspace[]): Promise<WorkspaceView[]> {
  const ids = workspaces.flatMap((workspace) => (workspace.toolVersionId === null ? [] : [workspace.toolVersionId]))
  // One read for the page, not one a tool version.
  const found = ids.length === 0 ? [] : await repositories.toolVersions.findByIds(ids)
  const versions = new Map(found.map((toolVersion) => [toolVersion.id, toolVersion.version]))
  return workspaces.map((workspace) => ({
    workspace,
    toolVersion: workspace.toolVersionId === null ? null : (versions.get(workspace.toolVersionId) ?? null),
  }))
}

async function findToolVersion(repositories: Repositories, version: string): Promise<ToolVersion> {
  const page = await repositories.toolVersions.list({ exactVersion: version, page: { number: 1, size: 1 } })
  const toolVersion = page.items[0]?.toolVersion
  if (toolVersion === undefined || !toolVersion.enabled) {
    throw CairnError.invalidField('toolVersion', `${version} is not an enabled tool version`)
  }
  return toolVersion
}

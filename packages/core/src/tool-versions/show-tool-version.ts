import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { ToolVersionUsage } from './tool-version.ts'

export interface ShowToolVersionDeps {
  readonly unitOfWork: UnitOfWork
}

/** Site admins read one tool version. Raises `not_found` when absent or the caller is no admin. */
export class ShowToolVersion {
  readonly #deps: ShowToolVersionDeps

  constructor(deps: ShowToolVersionDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly id: string }, principal: Principal): Promise<ToolVersionUsage> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.read(async ({ toolVersions, workspaces }) => {
      const toolVersion = await toolVersions.findById(command.id)
      if (toolVersion === undefined) throw CairnError.notFound('tool version')
      return { toolVersion, usage: await workspaces.countUsingToolVersion(toolVersion.id) }
    })
  }
}

import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'

export interface DeleteToolVersionDeps {
  readonly unitOfWork: UnitOfWork
}

/**
 * Site admins remove a tool version that is neither official nor used by any workspace
 * (spec §3). Raises `not_found` (also for non-admins) and `invalid` when the rule refuses.
 */
export class DeleteToolVersion {
  readonly #deps: DeleteToolVersionDeps

  constructor(deps: DeleteToolVersionDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly id: string }, principal: Principal): Promise<void> {
    assertSiteAdmin(principal)
    await this.#deps.unitOfWork.run(async ({ toolVersions, workspaces }) => {
      const toolVersion = await toolVersions.findById(command.id)
      if (toolVersion === undefined) throw CairnError.notFound('tool version')
      if (toolVersion.official) {
        throw CairnError.invalidField('official', 'is true: official tool versions cannot be deleted')
      }
      const usage = await workspaces.countUsingToolVersion(toolVersion.id)
      if (usage > 0) {
        throw CairnError.invalidField('usage', `is ${usage}: a tool version that workspaces use cannot be deleted`)
      }
      await toolVersions.remove(toolVersion.id)
    })
  }
}

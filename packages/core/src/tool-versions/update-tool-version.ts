import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Clock } from '../ports/clock.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { ToolVersion, ToolVersionFields, ToolVersionUsage } from './tool-version.ts'
import { validateToolVersionFields } from './tool-version-rules.ts'

export interface UpdateToolVersionCommand {
  readonly id: string
  /** Only the fields to change; an absent field keeps its value. */
  readonly changes: Partial<ToolVersionFields>
}

export interface UpdateToolVersionDeps {
  readonly unitOfWork: UnitOfWork
  readonly clock: Clock
}

/** Site admins change a tool version. Raises `not_found` (also for non-admins) and `invalid`. */
export class UpdateToolVersion {
  readonly #deps: UpdateToolVersionDeps

  constructor(deps: UpdateToolVersionDeps) {
    this.#deps = deps
  }

  async execute(command: UpdateToolVersionCommand, principal: Principal): Promise<ToolVersionUsage> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.run(async ({ toolVersions, workspaces }) => {
      const current = await toolVersions.findById(command.id)
      if (current === undefined) throw CairnError.notFound('tool version')
      const fields = validateToolVersionFields(applyChanges(current, command.changes))
      const updated: ToolVersion = { ...current, ...fields, updatedAt: this.#deps.clock.now() }
      await toolVersions.update(updated)
      return { toolVersion: updated, usage: await workspaces.countUsingToolVersion(updated.id) }
    })
  }
}

/**
 * Absent fields keep their value, with one exception: un-deprecating a version without naming a
 * reason drops the old reason, since a reason is only kept while the version is deprecated.
 */
function applyChanges(current: ToolVersion, changes: Partial<ToolVersionFields>): ToolVersionFields {
  const merged: ToolVersionFields = { ...current, ...changes }
  if (!merged.deprecated && changes.deprecatedReason === undefined) {
    return { ...merged, deprecatedReason: null }
  }
  return merged
}

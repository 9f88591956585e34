import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Clock } from '../ports/clock.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { ToolBinaries, ToolVersion, ToolVersionFields, ToolVersionSettings, ToolVersionUsage } from './tool-version.ts'
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
 * Absent fields keep their value, with two exceptions: un-deprecating a version without naming a
 * reason drops the old reason, since a reason is only kept while the version is deprecated; and
 * the binaries are replaced as a whole, as TFE does: `archs` replaces the list, `url` and `sha`
 * without `archs` make it the one linux/amd64 entry (an absent one of the two keeps its value).
 */
function applyChanges(current: ToolVersion, changes: Partial<ToolVersionFields>): ToolVersionFields {
  const { url: _url, sha: _sha, archs: _archs, ...settings } = changes
  const merged: ToolVersionSettings = { ...settingsOf(current), ...settings }
  return {
    ...merged,
    ...binariesAfter(current, changes),
    deprecatedReason: !merged.deprecated && changes.deprecatedReason === undefined ? null : merged.deprecatedReason,
  }
}

function settingsOf({ version, deprecated, deprecatedReason, official, enabled, beta }: ToolVersion): ToolVersionSettings {
  return { version, deprecated, deprecatedReason, official, enabled, beta }
}

/** The binaries after `changes`, as complete `ToolBinaries` replacing the current ones. */
function binariesAfter(current: ToolVersion, changes: ToolBinaries): Required<Pick<ToolBinaries, 'archs'>> | ToolBinaries {
  const { url, sha, archs } = changes
  if (archs !== undefined) return { archs, ...(url !== undefined && { url }), ...(sha !== undefined && { sha }) }
  if (url === undefined && sha === undefined) return { archs: current.archs }
  return { url: url ?? current.url, sha: sha ?? current.sha }
}

import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import type { Clock } from '../ports/clock.ts'
import type { IdGenerator } from '../ports/id-generator.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { TOOL_VERSION_DEFAULTS, type ToolVersion, type ToolVersionFields, type ToolVersionUsage } from './tool-version.ts'
import { validateToolVersionFields } from './tool-version-rules.ts'

/**
 * `version` is required, and the binaries (`url` and `sha`, or `archs`); every other field has
 * the default of spec §2.5.
 */
export type CreateToolVersionCommand = Pick<ToolVersionFields, 'version'> & Partial<ToolVersionFields>

export interface CreateToolVersionDeps {
  readonly unitOfWork: UnitOfWork
  readonly clock: Clock
  readonly ids: IdGenerator
}

/** Site admins add a tool version. Raises `not_found` for others and `invalid` for bad fields. */
export class CreateToolVersion {
  readonly #deps: CreateToolVersionDeps

  constructor(deps: CreateToolVersionDeps) {
    this.#deps = deps
  }

  async execute(command: CreateToolVersionCommand, principal: Principal): Promise<ToolVersionUsage> {
    assertSiteAdmin(principal)
    const fields = validateToolVersionFields({ ...TOOL_VERSION_DEFAULTS, ...command })
    const now = this.#deps.clock.now()
    const toolVersion: ToolVersion = {
      ...fields,
      id: this.#deps.ids.next('tool'),
      createdAt: now,
      updatedAt: now,
    }
    await this.#deps.unitOfWork.run((repositories) => repositories.toolVersions.add(toolVersion))
    return { toolVersion, usage: 0 }
  }
}

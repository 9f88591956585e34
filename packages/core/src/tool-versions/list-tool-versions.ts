import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import type { ToolVersionQuery } from '../ports/tool-version-repository.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { Page } from '../shared/page.ts'
import type { ToolVersionUsage } from './tool-version.ts'

export interface ListToolVersionsDeps {
  readonly unitOfWork: UnitOfWork
}

/** Site admins page through tool versions; an exact version filter wins over a search. */
export class ListToolVersions {
  readonly #deps: ListToolVersionsDeps

  constructor(deps: ListToolVersionsDeps) {
    this.#deps = deps
  }

  async execute(query: ToolVersionQuery, principal: Principal): Promise<Page<ToolVersionUsage>> {
    assertSiteAdmin(principal)
    const { versionContains, ...rest } = query
    const effective = query.exactVersion === undefined && versionContains !== undefined ? query : rest
    return this.#deps.unitOfWork.read(({ toolVersions }) => toolVersions.list(effective))
  }
}

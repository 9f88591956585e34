import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { Edition } from '../shared/edition.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { findModule } from '../modules/find-module.ts'
import type { ModuleAddress } from '../modules/module-address.ts'
import { queueTagSync } from './vcs-jobs.ts'

export interface ResyncVcsModuleDeps extends Pick<UseCaseDeps, 'unitOfWork'> {
  readonly jobs: JobQueue
  readonly edition: Edition
}

/**
 * Queues a sync of a VCS module with its repository (new tags become versions, versions not `ok`
 * are ingested again), for teams that manage modules (`can-resync`). Webhooks and the poll queue
 * the same job without a principal. Raises `invalid` for a module not published from VCS.
 */
export class ResyncVcsModule {
  readonly #deps: ResyncVcsModuleDeps

  constructor(deps: ResyncVcsModuleDeps) {
    this.#deps = deps
  }

  async execute(target: { readonly organizationName: string; readonly address: ModuleAddress }, principal: Principal): Promise<void> {
    const module = await this.#deps.unitOfWork.read((repositories) =>
      findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canManageModules'),
    )
    if (module.vcsRepo === null) throw CairnError.invalidField('vcs-repo', 'is absent: the module is not published from a VCS repository')
    await queueTagSync(this.#deps.jobs, module.id)
  }

  /** Queues the sync of a module by id, when it is published from VCS: what a verified webhook does. */
  async byId(moduleId: string): Promise<boolean> {
    const module = await this.#deps.unitOfWork.read(({ registryModules }) => registryModules.findById(moduleId))
    if (module?.vcsRepo == null) return false
    await queueTagSync(this.#deps.jobs, module.id)
    return true
  }
}

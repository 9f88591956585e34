import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { Edition } from '../shared/edition.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { findModule } from '../modules/find-module.ts'
import type { ModuleAddress } from '../modules/module-address.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import { queueTagSync } from './vcs-jobs.ts'
import { newVcsWebhook, webhookTokenOf } from './vcs-webhook-token.ts'

export interface ResyncVcsModuleDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'ids' | 'hasher' | 'clock'> {
  readonly jobs: JobQueue
  readonly edition: Edition
  readonly cipher: SecretCipher
}

/**
 * Queues a sync of a VCS module with its repository (new tags become versions, versions not `ok`
 * are ingested again), for teams that manage modules (`can-resync`). Webhooks and the poll queue
 * the same job without a principal. Raises `invalid` for a module not published from VCS. A
 * module without a webhook token that opens (dropped by an upgrade, or sealed with an encryption
 * key since replaced) is given a new one, so its managers have a webhook URL to register again.
 */
export class ResyncVcsModule {
  readonly #deps: ResyncVcsModuleDeps

  constructor(deps: ResyncVcsModuleDeps) {
    this.#deps = deps
  }

  async execute(target: { readonly organizationName: string; readonly address: ModuleAddress }, principal: Principal): Promise<void> {
    const module = await this.#deps.unitOfWork.run(async (repositories) => {
      const found = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canManageModules')
      if (found.vcsRepo === null) throw CairnError.invalidField('vcs-repo', 'is absent: the module is not published from a VCS repository')
      if (webhookTokenOf(this.#deps.cipher, found) === null) {
        const webhook = newVcsWebhook(this.#deps, found.id)
        await repositories.registryModules.update({ ...found, vcsRepo: { ...found.vcsRepo, webhook }, updatedAt: this.#deps.clock.now() })
      }
      return found
    })
    await queueTagSync(this.#deps.jobs, module)
  }

  /** Queues the sync of a module by id, when it is published from VCS: what a verified webhook does. */
  async byId(moduleId: string): Promise<boolean> {
    const module = await this.#deps.unitOfWork.read(({ registryModules }) => registryModules.findById(moduleId))
    if (module?.vcsRepo == null) return false
    await queueTagSync(this.#deps.jobs, module)
    return true
  }
}

import { CairnError } from '../errors/cairn-error.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { queueTagSync } from './vcs-jobs.ts'

export interface ReceiveVcsWebhookDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'hasher'> {
  readonly jobs: JobQueue
}

/**
 * A push notification from a git host, at the module's webhook URL (`…/webhooks/vcs/<token>`, the
 * token a random UUID stored sealed with the module): queues a sync of the module with its
 * repository. A token that names no VCS module raises `not_found` and queues nothing. The store
 * finds the module by the token's digest, so the lookup's timing reveals nothing of the secret.
 */
export class ReceiveVcsWebhook {
  readonly #deps: ReceiveVcsWebhookDeps

  constructor(deps: ReceiveVcsWebhookDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly token: string }): Promise<void> {
    const module = await this.#deps.unitOfWork.read(({ registryModules }) =>
      registryModules.findByWebhookTokenDigest(this.#deps.hasher.hash(command.token)),
    )
    if (module?.vcsRepo == null) throw CairnError.notFound('webhook')
    await queueTagSync(this.#deps.jobs, module)
  }
}

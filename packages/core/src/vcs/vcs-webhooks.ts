import { CairnError } from '../errors/cairn-error.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { queueTagSync } from './vcs-jobs.ts'

/** Webhook tokens do not expire: the git host keeps the URL it was given. */
const NEVER = new Date(Date.UTC(9999, 11, 31))

/**
 * The secret part of a module's webhook URL: the module id signed with the server's key, so that
 * it needs no storage, is the same on every server sharing the key, and is checked in constant time.
 */
export function webhookToken(signer: UrlSigner, moduleId: string): string {
  return signer.sign('vcs-webhook', moduleId, NEVER)
}

export interface ReceiveVcsWebhookDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock'> {
  readonly signer: UrlSigner
  readonly jobs: JobQueue
}

/**
 * A push notification from a git host, at the module's webhook URL: queues a sync of the module
 * with its repository. A token that is forged, or names a module gone or not published from VCS,
 * raises `not_found` and queues nothing.
 */
export class ReceiveVcsWebhook {
  readonly #deps: ReceiveVcsWebhookDeps

  constructor(deps: ReceiveVcsWebhookDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly token: string }): Promise<void> {
    const moduleId = this.#deps.signer.verify('vcs-webhook', command.token, this.#deps.clock.now())
    const module = moduleId === undefined ? undefined : await this.#deps.unitOfWork.read(({ registryModules }) => registryModules.findById(moduleId))
    if (module?.vcsRepo == null) throw CairnError.notFound('webhook')
    await queueTagSync(this.#deps.jobs, module.id)
  }
}

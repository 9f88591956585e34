import type { JobQueue } from '../ports/job-queue.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { queueTagSync } from './vcs-jobs.ts'

/** Ids read per statement while polling. */
const BATCH = 500

/**
 * The fallback for webhooks a git host never sent: queues a sync of every module published from
 * VCS. A module whose sync is still waiting is not queued twice, and every process may poll: the
 * queue keeps one sync per module waiting. Answers how many syncs were queued.
 */
export class PollVcsModules {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork'> & { readonly jobs: JobQueue }

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork'> & { readonly jobs: JobQueue }) {
    this.#deps = deps
  }

  async execute(): Promise<number> {
    let queued = 0
    for (let after = ''; ;) {
      const modules = await this.#deps.unitOfWork.read(({ moduleHousekeeping }) => moduleHousekeeping.vcsModules(after, BATCH))
      for (const module of modules) if (await queueTagSync(this.#deps.jobs, module)) queued += 1
      if (modules.length < BATCH) return queued
      after = modules[modules.length - 1]?.id ?? ''
    }
  }
}

import type { PollVcsModules } from '@cairn/core'
import type { ErrorLog } from '@cairn/core'
import { startPeriodicTask, type PeriodicTask } from './periodic-task.ts'

/**
 * Polls every VCS module for new tags, about every `intervalSeconds` (jittered, see
 * `startPeriodicTask`). A failed poll is logged and the next one comes as usual. An interval of 0
 * polls never.
 */
export function startVcsPoll(
  deps: { readonly pollVcsModules: Pick<PollVcsModules, 'execute'>; readonly log: ErrorLog },
  intervalSeconds: number,
): PeriodicTask {
  return startPeriodicTask(() => deps.pollVcsModules.execute(), { intervalSeconds, log: deps.log, failure: 'VCS poll failed' })
}

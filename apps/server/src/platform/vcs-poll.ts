import type { PollVcsModules } from '@cairn/core'
import type { ErrorLog } from '@cairn/http'

/**
 * Polls every VCS module for new tags, about every `intervalSeconds`: each wait is drawn from
 * half to one and a half times the interval, so that servers started together do not poll in step.
 * A failed poll is logged and the next one comes as usual. An interval of 0 polls never.
 */
export function startVcsPoll(
  deps: { readonly pollVcsModules: Pick<PollVcsModules, 'execute'>; readonly log: ErrorLog },
  intervalSeconds: number,
): { stop(): Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<unknown> = Promise.resolve()
  let stopped = intervalSeconds === 0
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = deps.pollVcsModules
        .execute()
        .catch((error: unknown) => deps.log.error('VCS poll failed', { error: String(error) }))
        .finally(schedule)
    }, intervalSeconds * 1000 * (0.5 + Math.random()))
    timer.unref()
  }
  schedule()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

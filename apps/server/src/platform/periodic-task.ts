import type { ErrorLog } from '@cairn/core'

/** A background task run again and again until stopped. */
export interface PeriodicTask {
  /** Runs no more, and waits for a run under way to end. */
  stop(): Promise<void>
}

/**
 * Runs `task` about every `intervalSeconds`: each wait is drawn from half to one and a half times
 * the interval, so that servers started together do not run it in step. A failed run is logged
 * as `failure` and the next one comes as usual. An interval of 0 runs it never; `atStart` runs it
 * once at once, then as usual.
 */
export function startPeriodicTask(
  task: () => Promise<unknown>,
  options: { readonly intervalSeconds: number; readonly log: ErrorLog; readonly failure: string; readonly atStart?: boolean },
): PeriodicTask {
  const { intervalSeconds, log, failure } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<unknown> = Promise.resolve()
  let stopped = intervalSeconds === 0
  const schedule = (delayMs: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      running = task()
        .catch((error: unknown) => log.error(failure, { error: String(error) }))
        .finally(() => schedule(intervalSeconds * 1000 * (0.5 + Math.random())))
    }, delayMs)
    timer.unref()
  }
  schedule(options.atStart === true ? 0 : intervalSeconds * 1000 * (0.5 + Math.random()))
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

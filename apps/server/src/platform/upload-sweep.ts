import { STUCK_UPLOAD_AFTER_MS, type SweepStuckUploads } from '@cairn/core'
import type { ErrorLog } from '@cairn/core'
import { startPeriodicTask, type PeriodicTask } from './periodic-task.ts'

/** Half the bound after which an attempt counts as stuck: one is settled within 1.5 bounds (15 minutes) at most. */
const SWEEP_INTERVAL_SECONDS = STUCK_UPLOAD_AFTER_MS / 1000 / 2

/**
 * Sweeps upload attempts a crash left `reg_ingressing` (see `SweepStuckUploads`) at start, then
 * about every five minutes; never when `enabled` is false (an instance that works no jobs).
 */
export function startUploadSweep(
  deps: { readonly sweepStuckUploads: Pick<SweepStuckUploads, 'execute'>; readonly log: ErrorLog },
  enabled: boolean,
): PeriodicTask {
  const intervalSeconds = enabled ? SWEEP_INTERVAL_SECONDS : 0
  return startPeriodicTask(() => deps.sweepStuckUploads.execute(), {
    intervalSeconds,
    log: deps.log,
    failure: 'upload sweep failed',
    atStart: true,
  })
}

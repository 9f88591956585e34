import { CairnError } from '../errors/cairn-error.ts'

/** Every run status of spec §3; Cairn records them, it executes no runs. */
export const RUN_STATUSES = [
  'pending',
  'plan_queued',
  'planning',
  'planned',
  'confirmed',
  'apply_queued',
  'applying',
  'applied',
  'discarded',
  'errored',
  'canceled',
  'cost_estimating',
  'cost_estimated',
  'policy_checking',
  'policy_override',
  'policy_soft_failed',
  'policy_checked',
  'planned_and_finished',
] as const

export type RunStatus = (typeof RUN_STATUSES)[number]

/** Statuses a run never leaves. */
const FINAL: ReadonlySet<RunStatus> = new Set(['applied', 'discarded', 'errored', 'canceled', 'planned_and_finished'])
/** A run waiting for confirmation may be discarded instead. */
const DISCARDABLE: ReadonlySet<RunStatus> = new Set([
  'pending',
  'planned',
  'cost_estimated',
  'policy_checked',
  'policy_soft_failed',
  'policy_override',
])
/** A run that is queued or working may be canceled. */
const CANCELABLE: ReadonlySet<RunStatus> = new Set([
  'plan_queued',
  'planning',
  'confirmed',
  'apply_queued',
  'applying',
  'cost_estimating',
  'policy_checking',
])

export interface Run {
  readonly id: string
  readonly workspaceId: string
  readonly status: RunStatus
  readonly message: string
  readonly createdAt: Date
  readonly statusChangedAt: Date
}

export function isRunStatus(value: string): value is RunStatus {
  return (RUN_STATUSES as readonly string[]).includes(value)
}

/** Records a status an executor reports. Raises `conflict` once the run has finished. */
export function recordRunStatus(run: Run, status: RunStatus, at: Date): Run {
  if (FINAL.has(run.status)) throw new CairnError('conflict', `the run is ${run.status} and cannot change any more`)
  return { ...run, status, statusChangedAt: at }
}

/** Discards a run awaiting confirmation. Raises `conflict` in any other status. */
export function discardRun(run: Run, at: Date): Run {
  if (!DISCARDABLE.has(run.status)) throw new CairnError('conflict', `a ${run.status} run cannot be discarded`)
  return { ...run, status: 'discarded', statusChangedAt: at }
}

/** Cancels a queued or working run. Raises `conflict` in any other status. */
export function cancelRun(run: Run, at: Date): Run {
  if (!CANCELABLE.has(run.status)) throw new CairnError('conflict', `a ${run.status} run cannot be canceled`)
  return { ...run, status: 'canceled', statusChangedAt: at }
}

/** What ranking a new job needs to know of a live job of its kind. */
export interface RankedJob {
  readonly group: string | null
  /** Higher runs first; equal ranks run oldest first. */
  readonly rank: number
  /** `waiting` to run now, `retrying` waiting out its back-off, or running since `startedAt`. */
  readonly state: 'waiting' | 'retrying' | 'running'
  readonly startedAt: number
}

/**
 * The rank of a new job of `group` among the live jobs of its kind, as the PostgreSQL queue ranks
 * it (see `roundRobinPriority` in packages/persistence): one below its group's lowest live job, so
 * that a group's jobs run oldest first, and never above the round being served now (the highest
 * rank waiting, else the rank of the job started last, else 0), so that a group with little queued
 * joins that round rather than the end of every other group's backlog.
 */
export function roundRobinRank(live: readonly RankedJob[], group: string): number {
  const waiting = live.filter((job) => job.state === 'waiting').map((job) => job.rank)
  const lastStarted = live.filter((job) => job.state === 'running').sort((a, b) => b.startedAt - a.startedAt)[0]
  const served = waiting.length > 0 ? Math.max(...waiting) : (lastStarted?.rank ?? 0)
  const own = live.filter((job) => job.group === group).map((job) => job.rank - 1)
  return Math.min(served, ...own)
}

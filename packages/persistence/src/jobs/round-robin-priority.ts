import type { PgBoss } from 'pg-boss'

/** Where pg-boss keeps a queue's jobs: its schema, and the table `getQueue` names. */
export interface JobTable {
  readonly schema: string
  readonly table: string
}

/**
 * The pg-boss `priority` of a new job of `group` in queue `name`, which makes pg-boss's fetch
 * (highest priority first, then oldest) round-robin across groups in every process at once. The
 * priority of the jobs' round is one below the group's lowest job queued, retrying or running, so
 * that a group's jobs run oldest first; and never above the round being served now: the highest
 * priority ready to run, else that of the job started last, else 0 (an empty queue starts afresh).
 * So a group with nothing queued joins the current round, behind at most one job of each other
 * group, rather than the end of every other group's backlog; and a group that empties its queue
 * and comes back gains nothing by it.
 *
 * Two jobs of one group queued at the same instant (two processes) may share a round; they still
 * run oldest first, and the group is ahead by one job at most: no lock is worth that.
 */
export async function roundRobinPriority(boss: PgBoss, { schema, table }: JobTable, name: string, group: string): Promise<number> {
  const jobs = `${schema}.${table}`
  // The first subquery is the fetch's own filter, and reads pg-boss's index for it (job_i11).
  const { rows } = await boss.getDb().executeSql(
    `SELECT LEAST(
       COALESCE(
         (SELECT max(priority) FROM ${jobs} WHERE name = $1 AND state < 'active' AND NOT blocked AND start_after <= ${schema}.job_now()),
         (SELECT priority FROM ${jobs} WHERE name = $1 AND state = 'active' ORDER BY started_on DESC LIMIT 1),
         0),
       (SELECT min(priority) - 1 FROM ${jobs} WHERE name = $1 AND group_id = $2 AND state <= 'active')
     ) AS priority`,
    [name, group],
  )
  return Number((rows[0] as { priority: number | string } | undefined)?.priority ?? 0)
}

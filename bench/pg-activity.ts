import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { readProcCpuMicros } from './proc-cpu.ts'

const run = promisify(execFile)

/** What PostgreSQL's cumulative statistics say a database has done so far. */
export interface PgActivity {
  /** Transactions committed (a statement outside a transaction is one too). */
  readonly commits: number
  /** Index and sequential scans started, per table. */
  readonly scans: Readonly<Record<string, number>>
  /** Rows inserted or updated, per table. */
  readonly writes: Readonly<Record<string, number>>
}

/**
 * PostgreSQL flushes a backend's counters at most once a second (15+), when its transaction ends
 * or it falls idle: this long after a load, its last requests are counted.
 */
export const PG_STATS_FLUSH_MS = 1_500

/** Reads `pg_stat_database` and `pg_stat_user_tables` of the database at `url` with psql. */
export async function readPgActivity(url: string): Promise<PgActivity> {
  const query = `select 'commits', xact_commit, 0 from pg_stat_database where datname = current_database()
    union all select relname, coalesce(idx_scan, 0) + coalesce(seq_scan, 0), n_tup_ins + n_tup_upd from pg_stat_user_tables`
  const { stdout } = await run('psql', [url, '-At', '-F', '\t', '-c', query])
  const scans: Record<string, number> = {}
  const writes: Record<string, number> = {}
  let commits = 0
  for (const line of stdout.trim().split('\n')) {
    const [name = '', scanned = '0', written = '0'] = line.split('\t')
    if (name === 'commits') commits = Number(scanned)
    else {
      scans[name] = Number(scanned)
      writes[name] = Number(written)
    }
  }
  return { commits, scans, writes }
}

/** Per request between two readings: commits, and the scans and writes of the tables that had them, most first. */
export function activityPerRequest(before: PgActivity, after: PgActivity, requests: number): PgActivity {
  const per = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) =>
    Object.fromEntries(
      Object.entries(b)
        .map(([table, value]) => [table, (value - (a[table] ?? 0)) / requests] as const)
        // Below one in twenty requests it is the server's background work (the job queue's polls), not theirs.
        .filter(([, value]) => value >= 0.05)
        .sort(([, x], [, y]) => y - x),
    )
  return {
    commits: (after.commits - before.commits) / requests,
    scans: per(before.scans, after.scans),
    writes: per(before.writes, after.writes),
  }
}

/** The CPU time, so far, of every backend connected to the database at `url` (the server's pool). */
export async function backendCpuMicros(url: string): Promise<number> {
  const query = 'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()'
  const { stdout } = await run('psql', [url, '-At', '-c', query])
  let total = 0
  for (const pid of stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')) {
    try {
      total += readProcCpuMicros(Number(pid))
    } catch {
      // A backend that ended between the query and the read has nothing more to count.
    }
  }
  return total
}

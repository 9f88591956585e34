import { readFileSync } from 'node:fs'

/** Linux's USER_HZ, the unit of `/proc/<pid>/stat`'s times on every architecture Node runs on. */
const TICKS_PER_SECOND = 100

/**
 * The CPU time a process has used so far (user + system, every thread: JIT, GC and libuv's
 * workers too), in microseconds, from fields 14 and 15 of `/proc/<pid>/stat` (Linux only).
 */
export function readProcCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND
}

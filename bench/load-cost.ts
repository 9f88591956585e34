import { backendCpuMicros } from './pg-activity.ts'
import { readProcCpuMicros } from './proc-cpu.ts'
import type { LoadOptions } from './throughput.ts'

/**
 * What a load cost per request, over all its rounds, in CPU microseconds: the server process's
 * (every thread; the embedded database's too) and, on PostgreSQL, its backends'. Unlike a ratio it
 * holds on a machine other work shares.
 */
export interface LoadCost {
  readonly serverCpuMicros: number
  /** Absent for the embedded database, which runs in the server's process. */
  readonly databaseCpuMicros?: number
}

/** Reads the server's and the database's CPU around each measured run (`LoadOptions.around`) and sums them. */
export function loadCostMeter(serverPid: number, databaseUrl: string | undefined) {
  let requests = 0
  let server = 0
  let database = 0
  let before = { server: 0, database: 0 }
  const readDatabase = async () => (databaseUrl === undefined ? 0 : backendCpuMicros(databaseUrl))
  const around: NonNullable<LoadOptions['around']> = {
    async before() {
      before = { database: await readDatabase(), server: readProcCpuMicros(serverPid) }
    },
    async after(answered) {
      server += readProcCpuMicros(serverPid) - before.server
      database += (await readDatabase()) - before.database
      requests += answered
    },
  }
  const perRequest = (): LoadCost => ({
    serverCpuMicros: server / requests,
    ...(databaseUrl !== undefined && { databaseCpuMicros: database / requests }),
  })
  return { around, perRequest }
}

import { createOrganization } from './cairn-api.ts'
import { largeListsStatements, MODULES_ORGANIZATION, type LargeListsSize } from './large-lists-dataset.ts'
import { backendCpuMicros } from './pg-activity.ts'
import { readProcCpuMicros } from './proc-cpu.ts'
import { startCairn } from './processes.ts'
import { scratchPostgres, seedPostgres } from './protocol-dataset.ts'
import { progress } from './report.ts'
import { loadTest, type ThroughputResult } from './throughput.ts'

/** The lists issue 39 names, each path without the nonce that makes every request a miss. */
export const LARGE_LISTS = [
  { name: 'GET /api/v2/admin/users', path: '/api/v2/admin/users' },
  { name: '…/admin/users?q=garcia', path: '/api/v2/admin/users?q=garcia' },
  { name: '…/admin/users?page[number]=400', path: '/api/v2/admin/users?page%5Bnumber%5D=400' },
  { name: '…/admin/workspaces', path: '/api/v2/admin/workspaces' },
  { name: '…/admin/workspaces?sort=-current-run.created-at', path: '/api/v2/admin/workspaces?sort=-current-run.created-at' },
  { name: '…/admin/workspaces?q=payments', path: '/api/v2/admin/workspaces?q=payments' },
  { name: `…/organizations/:org/registry-modules`, path: `/api/v2/organizations/${MODULES_ORGANIZATION}/registry-modules` },
  {
    name: '…/registry-modules?page[number]=400',
    path: `/api/v2/organizations/${MODULES_ORGANIZATION}/registry-modules?page%5Bnumber%5D=400`,
  },
  { name: '…/registry-modules?q=payments', path: `/api/v2/organizations/${MODULES_ORGANIZATION}/registry-modules?q=payments` },
] as const

export interface LargeListResult extends ThroughputResult {
  readonly ratioToBare: number
  /** The server's CPU time per request (`/proc`), in microseconds. */
  readonly serverCpuMicros: number
  /** The CPU time of the database's backends per request (`/proc` of each), in microseconds. */
  readonly databaseCpuMicros: number
}

/** `path` with a query parameter no route reads, new for each request: the answer cache misses every one. */
function everyRequestNew(path: string): () => string {
  let next = 0
  const separator = path.includes('?') ? '&' : '?'
  return () => `${path}${separator}nonce=${next++}`
}

/**
 * Cairn on a scratch PostgreSQL seeded with `size` (set-based SQL, after its migrations), each list
 * loaded with every request a miss of the answer cache, right after the bare endpoint on the
 * same machine; with what a request costs the server and the database in CPU.
 */
export async function benchLargeLists(
  bareUrl: string,
  size: LargeListsSize,
  plan: { readonly connections: number; readonly seconds: number },
): Promise<{ readonly bare: ThroughputResult; readonly loads: readonly LargeListResult[] }> {
  const postgres = await scratchPostgres()
  try {
    const cairn = await startCairn({ env: { DATABASE_URL: postgres.url } })
    try {
      progress(`seeding ${size.users} users, ${size.workspaces} workspaces with runs, ${size.modules} modules on PostgreSQL`)
      await createOrganization(cairn)
      await seedPostgres(postgres.url, largeListsStatements(size))
      const options = { connections: plan.connections, seconds: plan.seconds, token: cairn.token }
      const bare = await loadTest('bare Hono GET /', `${bareUrl}/`, plan)
      const loads: LargeListResult[] = []
      for (const list of LARGE_LISTS) {
        let cpuBefore = 0
        let databaseBefore = 0
        let cost = { serverCpuMicros: Number.NaN, databaseCpuMicros: Number.NaN }
        const load = await loadTest(list.name, cairn.url, {
          ...options,
          path: everyRequestNew(list.path),
          around: {
            async before() {
              databaseBefore = await backendCpuMicros(postgres.url)
              cpuBefore = readProcCpuMicros(cairn.pid)
            },
            async after(requests) {
              const serverCpuMicros = (readProcCpuMicros(cairn.pid) - cpuBefore) / requests
              cost = { serverCpuMicros, databaseCpuMicros: ((await backendCpuMicros(postgres.url)) - databaseBefore) / requests }
            },
          },
        })
        if (load.non2xx > 0 || load.errors > 0) throw new Error(`answers other than success from ${list.name}`)
        loads.push({ ...load, ...cost, ratioToBare: load.requestsPerSecond / bare.requestsPerSecond })
      }
      return { bare, loads }
    } finally {
      await cairn.stop()
    }
  } finally {
    await postgres.drop()
  }
}

import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { typicalArchive } from './archives.ts'
import { createModule, ORGANIZATION, publishVersion } from './cairn-api.ts'
import { mixedManagementReads, seedManagementReads } from './management.ts'
import { startBare, startCairn, type CairnProcess, type ServerProcess } from './processes.ts'
import { moduleName, scratchPostgres, seedPostgres, seedStatements, type DatasetSize } from './protocol-dataset.ts'
import { progress } from './report.ts'
import { loadTestAcross, type ThroughputResult } from './throughput.ts'

const PREFIX = '/api/registry/v1/modules'

export interface ScalingLoad {
  readonly name: string
  readonly one: ThroughputResult
  readonly two: ThroughputResult
  /** two.requestsPerSecond ÷ one.requestsPerSecond. */
  readonly ratio: number
}

export interface ProcessScalingResult {
  readonly size: DatasetSize
  /** The bare endpoint on one process and on two: what the machine itself allows. */
  readonly bare: ScalingLoad
  readonly loads: readonly ScalingLoad[]
}

/**
 * The authenticated reads on one Cairn and then on two behind the same PostgreSQL, the load
 * spread evenly over both; beside them the same for the bare endpoint, whose ratio is the
 * ceiling the machine sets (the load generator and every server share its cores).
 */
export async function benchProcessScaling(plan: {
  readonly size: DatasetSize
  readonly connections: number
  readonly seconds: number
}): Promise<ProcessScalingResult> {
  const postgres = await scratchPostgres()
  // One data directory for both: the same blobs, as two processes behind one store would have.
  const dataDir = await mkdtemp(join(tmpdir(), 'cairn-bench-scaling-'))
  // Both must sign and check the same download links.
  const env = { DATABASE_URL: postgres.url, CAIRN_SIGNING_KEY: randomBytes(32).toString('hex') }
  const servers: ServerProcess[] = []
  try {
    const first = await startCairn({ dataDir, env })
    servers.push(first)
    progress('seeding the management reads and the protocol dataset on PostgreSQL')
    await seedManagementReads(first)
    await publishVersion(first, await createModule(first, 'template'), '0.0.1', (await typicalArchive()).bytes)
    await seedPostgres(postgres.url, seedStatements(ORGANIZATION, plan.size))

    const options = { connections: plan.connections, seconds: plan.seconds }
    const random = () => `${PREFIX}/${ORGANIZATION}/${moduleName(Math.floor(Math.random() * plan.size.modules))}/aws`
    const anyVersion = () => `1.${Math.floor(Math.random() * plan.size.versionsPerModule)}.0`
    const reads = [
      { name: 'management: the three reads mixed', draw: mixedManagementReads() },
      { name: 'protocol: versions', draw: () => `${random()}/versions` },
      { name: 'protocol: download', draw: () => `${random()}/${anyVersion()}/download` },
    ]
    const measure = async (cairns: readonly CairnProcess[]) => {
      const loads = []
      for (const read of reads) {
        const load = await loadTestAcross(`${read.name}, ${cairns.length} process(es)`, urls(cairns), {
          ...options,
          token: first.token,
          draw: read.draw,
        })
        if (load.non2xx > 0 || load.errors > 0) throw new Error(`answers other than success from ${load.name}`)
        loads.push(load)
      }
      return loads
    }
    const one = await measure([first])
    const second = await startCairn({ dataDir, env, token: first.token })
    servers.push(second)
    const two = await measure([first, second])

    const bares = [await startBare(), await startBare()]
    servers.push(...bares)
    const bareOne = await loadTestAcross('bare Hono GET /, 1 process', urls(bares.slice(0, 1)), options)
    const bareTwo = await loadTestAcross('bare Hono GET /, 2 processes', urls(bares), options)

    return {
      size: plan.size,
      bare: scaled('bare Hono GET /', bareOne, bareTwo),
      loads: reads.map((read, i) => scaled(read.name, at(one, i), at(two, i))),
    }
  } finally {
    // The data directory is ours: stop() of the first server would not remove it.
    for (const server of servers.reverse()) await server.stop()
    await postgres.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const urls = (servers: readonly ServerProcess[]) => servers.map((server) => `${server.url}/`)

function at(loads: readonly ThroughputResult[], i: number): ThroughputResult {
  const load = loads[i]
  if (load === undefined) throw new Error(`no load ${i}`)
  return load
}

function scaled(name: string, one: ThroughputResult, two: ThroughputResult): ScalingLoad {
  return { name, one, two, ratio: two.requestsPerSecond / one.requestsPerSecond }
}

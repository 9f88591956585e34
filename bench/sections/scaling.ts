import { availableParallelism } from 'node:os'
import { PLAN } from '../plan.ts'
import { benchProcessScaling, type ProcessScalingResult, type ScalingLoad } from '../process-scaling.ts'
import { ratio, table } from '../report.ts'

/** The authenticated reads on one Cairn and on two behind the same PostgreSQL. */
export async function scalingSection(): Promise<ProcessScalingResult> {
  const result = await benchProcessScaling(PLAN.scaling)
  const { size, connections, seconds } = PLAN.scaling
  const row = (load: ScalingLoad) => [
    load.name,
    load.one.requestsPerSecond.toFixed(0),
    String(load.one.latencyP99Ms),
    load.two.requestsPerSecond.toFixed(0),
    String(load.two.latencyP99Ms),
    ratio(load.ratio),
  ]
  console.log(
    table(
      `One process and two behind the same PostgreSQL (${size.modules} modules × ${size.versionsPerModule} versions): autocannon, ${connections} connections in all, ${seconds} s; two: half the connections on each`,
      ['load', '1: requests/s', '1: p99 ms', '2: requests/s', '2: p99 ms', '2 ÷ 1'],
      [row(result.bare), ...result.loads.map(row)],
    ),
  )
  console.log(
    `The machine has ${availableParallelism()} cores for the servers and the load generator: the bare endpoint's ratio is the ceiling.`,
  )
  return result
}

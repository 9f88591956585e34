import autocannon from 'autocannon'
import { createHash } from 'node:crypto'
import { expectJson, send } from './http-client.ts'
import type { CairnProcess } from './processes.ts'
import { progress } from './report.ts'

export interface ThroughputResult {
  readonly name: string
  readonly url: string
  readonly connections: number
  readonly durationSeconds: number
  readonly requestsPerSecond: number
  readonly latencyMeanMs: number
  readonly latencyP50Ms: number
  readonly latencyP99Ms: number
  readonly non2xx: number
  readonly errors: number
}

/** Site-admin tool versions for the list to return: a full first page and more. */
export async function seedToolVersions(server: CairnProcess, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const version = `1.${Math.floor(i / 10)}.${i % 10}`
    const reply = await send('POST', `${server.url}/api/v2/admin/tool-versions`, {
      token: server.token,
      json: {
        data: {
          type: 'tool-versions',
          attributes: {
            version,
            url: `https://releases.example.com/terraform/${version}/terraform_${version}_linux_amd64.zip`,
            sha: createHash('sha256').update(version).digest('hex'),
          },
        },
      },
    })
    expectJson(reply, 201, `create tool version ${version}`)
  }
}

export interface LoadOptions {
  readonly token?: string
  readonly connections?: number
  readonly seconds?: number
  /**
   * A new path for each request, made as it is sent: for paths that must never repeat. autocannon
   * then builds every request anew, which costs the load generator (on the servers' cores) more
   * than a fixed request does, and lowers the ratio against the bare endpoint's fixed request.
   */
  readonly path?: () => string
  /**
   * Paths drawn in advance, `DRAWS_PER_CONNECTION` for each connection, which sends them in turn:
   * to spread the load over many rows (a random module each request) at a fixed request's cost to
   * the load generator, so that the ratio against the bare endpoint's fixed request compares the
   * servers and not what it takes to make the requests.
   */
  readonly draw?: () => string
  /** Awaited right before and right after the measured run (not the warm-up): to read the server's counters around it. */
  readonly around?: { before(): Promise<void>; after(requests: number): Promise<void> }
}

/** More than a connection sends in a load of a few seconds, so that its draws hardly repeat. */
const DRAWS_PER_CONNECTION = 4_096

/**
 * Load from autocannon, in this process: on a small machine the load generator takes a core
 * from the server, which lowers every figure alike and leaves the ratios comparable.
 */
export function loadTest(name: string, url: string, options: LoadOptions = {}): Promise<ThroughputResult> {
  return loadTestAcross(name, [url], options)
}

/**
 * The same load spread over several servers: one autocannon per URL, all at once, each with an
 * equal share of the connections. Requests/s are summed; a percentile is the worst of the
 * instances' (autocannon gives percentiles, not histograms that could be merged).
 */
export async function loadTestAcross(name: string, urls: readonly string[], options: LoadOptions = {}): Promise<ThroughputResult> {
  const { connections = 10, seconds = 5, path, draw } = options
  const headers = options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }
  const requests =
    path === undefined ? {} : { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: path() }) }] }
  // autocannon builds these before its clock starts (setupClient runs as each connection is made).
  const draws =
    draw === undefined
      ? {}
      : {
          setupClient: (client: autocannon.Client) =>
            client.setRequests(Array.from({ length: DRAWS_PER_CONNECTION }, () => ({ path: draw() }))),
        }
  const share = Math.max(1, Math.round(connections / urls.length))
  const loads = urls.map((url) => ({ url, connections: share, headers, ...requests, ...draws }))
  // One second of warm-up, not counted: JIT, connection set-up.
  await Promise.all(loads.map((load) => autocannon({ ...load, duration: 1 })))
  await options.around?.before()
  const results = await Promise.all(loads.map((load) => autocannon({ ...load, duration: seconds })))
  const sum = (value: (result: autocannon.Result) => number) => results.reduce((total, result) => total + value(result), 0)
  await options.around?.after(sum((result) => result.requests.total))
  const worst = (value: (result: autocannon.Result) => number) => Math.max(...results.map(value))
  const requestsPerSecond = sum((result) => result.requests.average)
  progress(`${name}: ${Math.round(requestsPerSecond)} requests/s`)
  return {
    name,
    url: urls.join(' '),
    connections: share * urls.length,
    durationSeconds: seconds,
    requestsPerSecond,
    // Weighted by each instance's share of the requests.
    latencyMeanMs: sum((result) => result.latency.average * result.requests.average) / requestsPerSecond,
    latencyP50Ms: worst((result) => result.latency.p50),
    latencyP99Ms: worst((result) => result.latency.p99),
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
  }
}

/** A load's median round, of several each measured right after the bare endpoint. */
export interface PairedResult extends ThroughputResult {
  /** The bare endpoint's run just before this round. */
  readonly bare: ThroughputResult
  readonly ratioToBare: number
  /** The lowest and the highest ratio of the rounds. */
  readonly ratioRange: readonly [number, number]
  /**
   * The lowest and the highest p99 of the rounds: one round's p99 is one sample of a tail that
   * moves with the machine's moment, as its throughput does.
   */
  readonly p99Range: readonly [number, number]
}

/**
 * The load `rounds` times, each right after a run of the bare endpoint, and the round with the
 * median ratio: on a shared virtual machine the bare endpoint itself moved by half within a minute,
 * so a ratio against one bare run made at the start of a section measured the machine's moment as
 * much as the server.
 */
export async function pairedLoadTest(
  name: string,
  url: string,
  options: LoadOptions,
  bareUrl: string,
  rounds: number,
): Promise<PairedResult> {
  const { connections, seconds } = options
  const bareOptions = { ...(connections !== undefined && { connections }), ...(seconds !== undefined && { seconds }) }
  const measured: { readonly load: ThroughputResult; readonly bare: ThroughputResult; readonly ratio: number }[] = []
  for (let round = 0; round < rounds; round++) {
    const bare = await loadTest('bare Hono GET /', bareUrl, bareOptions)
    const load = await loadTest(name, url, options)
    measured.push({ load, bare, ratio: load.requestsPerSecond / bare.requestsPerSecond })
  }
  measured.sort((a, b) => a.ratio - b.ratio)
  const [lowest, median, highest] = [measured[0], measured[Math.floor(measured.length / 2)], measured[measured.length - 1]]
  if (lowest === undefined || median === undefined || highest === undefined) throw new Error('no rounds measured')
  // Every round's failures, not the median's only: a fast error answer must show wherever it happened.
  const total = (value: (load: ThroughputResult) => number) => measured.reduce((sum, round) => sum + value(round.load), 0)
  const p99s = measured.map((round) => round.load.latencyP99Ms)
  return {
    ...median.load,
    bare: median.bare,
    ratioToBare: median.ratio,
    ratioRange: [lowest.ratio, highest.ratio],
    p99Range: [Math.min(...p99s), Math.max(...p99s)],
    non2xx: total((load) => load.non2xx),
    errors: total((load) => load.errors),
  }
}

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

/**
 * Load from autocannon, in this process: on a small machine the load generator takes a core
 * from the server, which lowers every figure alike and leaves the ratios comparable.
 */
export async function loadTest(
  name: string,
  url: string,
  options: {
    readonly token?: string
    readonly connections?: number
    readonly seconds?: number
    /** A path for each request, to spread the load over many rows; `url`'s own path otherwise. */
    readonly path?: () => string
  } = {},
): Promise<ThroughputResult> {
  const { connections = 10, seconds = 5, path } = options
  const headers = options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }
  const requests = path === undefined ? undefined : [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: path() }) }]
  const load = { url, connections, headers, ...(requests !== undefined && { requests }) }
  // One second of warm-up, not counted: JIT, connection set-up.
  await autocannon({ ...load, duration: 1 })
  const result = await autocannon({ ...load, duration: seconds })
  progress(`${name}: ${Math.round(result.requests.average)} requests/s`)
  return {
    name,
    url,
    connections,
    durationSeconds: seconds,
    requestsPerSecond: result.requests.average,
    latencyMeanMs: result.latency.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

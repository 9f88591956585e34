import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the fake answers: as a registry would, with a status, with a body that is not JSON, or never. */
export type FakeUpstreamBehaviour = 'normal' | 500 | 503 | 'bad-json' | 'hang'

export interface FakeUpstreamServer {
  readonly url: URL
  /** Every path asked for, in order. */
  readonly requests: string[]
  behaviour: FakeUpstreamBehaviour
  /** What discovery offers as `modules.v1`; absent offers nothing. */
  modulesService: string | undefined
  /** Makes `versions` of `namespace/name/provider` available, oldest first. */
  publish(address: string, versions: readonly string[]): void
  close(): Promise<void>
}

const MODULE_PATH = /^\/v1\/modules\/([^/]+\/[^/]+\/[^/]+)(?:\/([^/]+))?$/

/**
 * A public registry on loopback (port 0) for tests: service discovery, plus the versions, get
 * module and latest-for-provider routes of the registry protocol under `/v1/modules/`.
 */
export async function startFakeUpstream(): Promise<FakeUpstreamServer> {
  const modules = new Map<string, string[]>()
  const requests: string[] = []

  function respond(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/'
    requests.push(path)
    if (fake.behaviour === 'hang') return
    if (typeof fake.behaviour === 'number') return send(response, fake.behaviour, { errors: ['Internal Server Error'] })
    if (fake.behaviour === 'bad-json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"modules": [')
      return
    }
    if (path === '/.well-known/terraform.json') {
      return fake.modulesService === undefined ? send(response, 404, {}) : send(response, 200, { 'modules.v1': fake.modulesService })
    }
    const match = MODULE_PATH.exec(path)
    const address = match?.[1]
    const versions = address === undefined ? undefined : modules.get(address)
    if (address === undefined || versions === undefined) return send(response, 404, { errors: ['Not Found'] })
    const asked = match?.[2]
    if (asked === 'versions')
      return send(response, 200, { modules: [{ source: address, versions: versions.map((version) => ({ version })) }] })
    const version = asked ?? versions.at(-1)
    if (version === undefined || !versions.includes(version)) return send(response, 404, { errors: ['Not Found'] })
    send(response, 200, { id: `${address}/${version}`, version, versions, downloads: 42 })
  }

  const server = createServer(respond)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakeUpstreamServer = {
    url: new URL(`http://127.0.0.1:${port}`),
    requests,
    behaviour: 'normal',
    modulesService: '/v1/modules/',
    publish: (address, versions) => void modules.set(address, [...versions]),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
  return fake
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}

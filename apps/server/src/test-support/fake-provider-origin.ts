import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { ProviderRelease } from './provider-release.ts'
import type { ThrowawayCa } from './throwaway-ca.ts'

/** How the origin answers: as a registry would, with a 500 to everything, never, or with every zip sent slowly. */
export type OriginBehaviour = 'normal' | 500 | 'hang' | 'slow-zip'

/** A provider registry over HTTPS on loopback for tests: discovery, `providers.v1`, and the release's files. */
export interface FakeProviderOrigin {
  /** `localhost:<port>`, or `localhost` on 443: the providers' hostname, as a source address and the mirror's paths name it. */
  readonly hostname: string
  /** Every path asked for, in order. */
  readonly requests: string[]
  behaviour: OriginBehaviour
  /** Replaces the zip served with these bytes: a tampered release. */
  tamperedZip: Buffer | undefined
  /** Serves this signature instead of the release's: one by another key. */
  otherSignature: Buffer | undefined
  /** How many times each platform's zip was fetched. */
  zipFetches(): number
  close(): Promise<void>
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}

/**
 * Serves `releases` (namespace/type/version each, signed by `signingKey`) as registry.terraform.io
 * does: discovery at the root, `providers.v1` under `/v1/providers/`, the files under `/files/`.
 */
export async function startFakeProviderOrigin(
  ca: ThrowawayCa,
  releases: readonly ProviderRelease[],
  signingKey: string,
  port = 0,
): Promise<FakeProviderOrigin> {
  const requests: string[] = []
  let zipFetches = 0
  const [cert, key] = await Promise.all([readFile(ca.certFile), readFile(ca.keyFile)])
  const find = (namespace: string, type: string) => releases.filter((release) => release.namespace === namespace && release.type === type)

  async function respond(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? '/'
    requests.push(path)
    if (origin.behaviour === 'hang') return
    if (origin.behaviour === 500) return send(response, 500, { errors: ['Internal Server Error'] })
    if (path === '/.well-known/terraform.json') return send(response, 200, { 'providers.v1': '/v1/providers/' })
    const versions = /^\/v1\/providers\/([^/]+)\/([^/]+)\/versions$/.exec(path)
    if (versions !== null) {
      const found = find(versions[1] ?? '', versions[2] ?? '')
      if (found.length === 0) return send(response, 404, { errors: ['Not Found'] })
      return send(response, 200, {
        versions: found.map((release) => ({ version: release.version, protocols: release.protocols, platforms: release.platforms })),
      })
    }
    const download = /^\/v1\/providers\/([^/]+)\/([^/]+)\/([^/]+)\/download\/([^/]+)\/([^/]+)$/.exec(path)
    if (download !== null) {
      const [, namespace = '', type = '', version = '', os, arch] = download
      const release = find(namespace, type).find((candidate) => candidate.version === version)
      const platform = release?.platforms.find((candidate) => candidate.os === os && candidate.arch === arch)
      if (release === undefined || platform === undefined) return send(response, 404, { errors: ['Not Found'] })
      const files = `/files/${namespace}/${type}/${version}`
      return send(response, 200, {
        protocols: release.protocols,
        os,
        arch,
        filename: platform.filename,
        download_url: `${files}/${platform.filename}`,
        shasums_url: `${files}/${release.shasums}`,
        shasums_signature_url: `${files}/${release.signature}`,
        shasum: platform.shasum,
        signing_keys: { gpg_public_keys: [{ key_id: 'ignored', ascii_armor: signingKey }] },
      })
    }
    const file = /^\/files\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path)
    const release = file === null ? undefined : find(file[1] ?? '', file[2] ?? '').find((candidate) => candidate.version === file[3])
    if (file === null || release === undefined) return send(response, 404, { errors: ['Not Found'] })
    const name = file[4] ?? ''
    if (name.endsWith('.zip')) {
      zipFetches += 1
      const bytes = origin.tamperedZip ?? (await readFile(join(release.dir, name)))
      response.writeHead(200, { 'Content-Type': 'application/zip' })
      if (origin.behaviour === 'slow-zip') await new Promise((resolve) => setTimeout(resolve, 300))
      response.end(bytes)
      return
    }
    const bytes =
      name === release.signature && origin.otherSignature !== undefined ? origin.otherSignature : await readFile(join(release.dir, name))
    response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(bytes)
  }

  const server: Server = createServer({ cert, key }, (request, response) => {
    respond(request, response).catch(() => response.destroy())
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
  const listening = (server.address() as AddressInfo).port
  const origin: FakeProviderOrigin = {
    hostname: listening === 443 ? 'localhost' : `localhost:${listening}`,
    requests,
    behaviour: 'normal',
    tamperedZip: undefined,
    otherSignature: undefined,
    zipFetches: () => zipFetches,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return origin
}

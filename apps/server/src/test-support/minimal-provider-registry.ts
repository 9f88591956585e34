import { createReadStream, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { ProviderRelease } from './provider-release.ts'

/**
 * The smallest provider registry the real CLIs install from: discovery's `providers.v1`, the
 * protocol's `versions` and `download/:os/:arch` answers, and the release's files. It exists to
 * prove a release is one `tofu init` and `terraform init` accept without Cairn, and is the
 * reference Cairn's own `providers.v1` answers are held to, so it says only what the protocol
 * says: the registry calls need the bearer token (the CLIs send it for discovery too, which
 * needs none), the file links need none (the CLIs send none).
 */

/** A provider the registry serves, and the key it names as the signer of its SHA256SUMS. */
export interface ServedProvider {
  readonly release: ProviderRelease
  readonly key: { readonly keyId: string; readonly armoredPublicKey: string }
}

/** One request the registry answered, and its status. */
export interface RegistryRequest {
  readonly method: string
  readonly path: string
  readonly authorization: string | undefined
  readonly status: number
}

export interface MinimalProviderRegistry {
  readonly port: number
  /** Every request answered so far, in the order the answers ended. */
  readonly requests: readonly RegistryRequest[]
  close(): Promise<void>
}

const PROVIDERS = '/v1/providers/'
const FILES = '/files/'

/** Serves `providers` over HTTPS on a free loopback port, to holders of `token`. */
export async function startMinimalProviderRegistry(options: {
  readonly tls: { readonly certFile: string; readonly keyFile: string }
  readonly token: string
  readonly providers: readonly ServedProvider[]
}): Promise<MinimalProviderRegistry> {
  const requests: RegistryRequest[] = []
  const server = createServer(
    { cert: await readFile(options.tls.certFile), key: await readFile(options.tls.keyFile) },
    (request, response) => {
      const path = new URL(request.url ?? '/', 'https://registry').pathname
      response.on('finish', () =>
        requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, status: response.statusCode }),
      )
      answer(request, response, path, options)
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the registry has no port')
  return { port: address.port, requests, close: () => closeServer(server) }
}

function answer(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  options: { readonly token: string; readonly providers: readonly ServedProvider[] },
): void {
  // terraform asks for a zip's headers before it downloads it.
  if (path.startsWith(FILES) && (request.method === 'GET' || request.method === 'HEAD')) {
    return sendFile(request, response, path.slice(FILES.length).split('/'), options.providers)
  }
  if (request.method !== 'GET') return json(response, 405, { errors: ['method not allowed'] })
  if (path === '/.well-known/terraform.json') return json(response, 200, { 'providers.v1': PROVIDERS })
  if (!path.startsWith(PROVIDERS)) return json(response, 404, { errors: ['not found'] })
  if (request.headers.authorization !== `Bearer ${options.token}`) return json(response, 401, { errors: ['unauthorized'] })
  const [namespace, type, ...rest] = path.slice(PROVIDERS.length).split('/')
  const served = options.providers.find(({ release }) => release.namespace === namespace && release.type === type)
  const body = served === undefined ? undefined : protocolAnswer(served, rest, `https://${request.headers.host}`)
  return body === undefined ? json(response, 404, { errors: ['not found'] }) : json(response, 200, body)
}

/** The answer to `versions` or `:version/download/:os/:arch` of `served`, from `origin`; undefined for a 404. */
function protocolAnswer({ release, key }: ServedProvider, rest: readonly string[], origin: string): object | undefined {
  if (rest.length === 1 && rest[0] === 'versions') {
    const platforms = release.platforms.map(({ os, arch }) => ({ os, arch }))
    return { versions: [{ version: release.version, protocols: release.protocols, platforms }] }
  }
  const [version, download, os, arch] = rest
  const platform = release.platforms.find((candidate) => candidate.os === os && candidate.arch === arch)
  if (rest.length !== 4 || version !== release.version || download !== 'download' || platform === undefined) return undefined
  const fileUrl = (name: string) => `${origin}${FILES}${release.namespace}/${release.type}/${name}`
  return {
    protocols: release.protocols,
    os: platform.os,
    arch: platform.arch,
    filename: platform.filename,
    download_url: fileUrl(platform.filename),
    shasums_url: fileUrl(release.shasums),
    shasums_signature_url: fileUrl(release.signature),
    shasum: platform.shasum,
    signing_keys: {
      gpg_public_keys: [{ key_id: key.keyId, ascii_armor: key.armoredPublicKey, trust_signature: '', source: '', source_url: null }],
    },
  }
}

/** One of a release's files, by `namespace/type/name`; nothing else in its folder. */
function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  [namespace, type, name, ...rest]: string[],
  providers: readonly ServedProvider[],
): void {
  const release = providers.find((served) => served.release.namespace === namespace && served.release.type === type)?.release
  const names = [release?.shasums, release?.signature, ...(release?.platforms ?? []).map(({ filename }) => filename)]
  if (release === undefined || name === undefined || rest.length > 0 || !names.includes(name))
    return json(response, 404, { errors: ['not found'] })
  const file = join(release.dir, name)
  response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': statSync(file).size })
  if (request.method === 'HEAD') response.end()
  else createReadStream(file).pipe(response)
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve, reject) => server.close((error) => (error === undefined ? resolve() : reject(error))))
}

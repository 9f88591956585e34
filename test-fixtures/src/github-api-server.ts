import { jwtVerify } from 'jose'
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { GitHttpsOptions } from './git-http-server.ts'

/** A GitHub App as GitHub knows it: its id and key pair (PKCS#1 PEM, the form GitHub hands out). */
export interface TestGithubApp {
  readonly appId: string
  readonly privateKey: string
  readonly publicKey: string
}

export function createTestGithubApp(appId = '424242'): TestGithubApp {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  return { appId, privateKey, publicKey }
}

/** An installation token handed out, and when it expires. */
export interface MintedToken {
  readonly installationId: number
  readonly token: string
  readonly expiresAt: number
}

export interface GithubApiServer {
  /** `http://127.0.0.1:<port>` (`https://…` when serving TLS). */
  readonly url: string
  readonly minted: readonly MintedToken[]
  /** Requests refused for a bad app JWT. */
  readonly refusedJwts: number
  /** `GET /app/installations` requests answered, refused ones included. */
  readonly listings: number
  /** Whether `token` is an installation token handed out and not yet expired: what git should accept. */
  accepts(token: string): boolean
  close(): Promise<void>
}

export interface GithubApiOptions {
  readonly app: TestGithubApp
  /** The app's installations: id and the account it is installed on. */
  readonly installations: readonly { readonly id: number; readonly login: string }[]
  /** How long installation tokens live (GitHub: an hour). */
  readonly tokenLifetimeSeconds?: number
  readonly https?: GitHttpsOptions
  /** The loopback address to listen on (default 127.0.0.1): another than the git server's to share port 443 with it. */
  readonly host?: string
}

/**
 * Stands in for the GitHub REST API, exactly the two endpoints a GitHub App uses here: `GET
 * /app/installations` and `POST /app/installations/:id/access_tokens`. Each request must carry a
 * valid app JWT (RS256, signed by the app's key, `iss` the app id, `iat` not in the future and
 * `exp` at most ten minutes ahead, as GitHub checks); others get 401.
 */
export async function startGithubApiServer(options: GithubApiOptions): Promise<GithubApiServer> {
  const publicKey = createPublicKey(options.app.publicKey)
  const minted: MintedToken[] = []
  let refusedJwts = 0
  let listings = 0
  const lifetimeMs = (options.tokenLifetimeSeconds ?? 3600) * 1000

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://loopback')
    if (request.method === 'GET' && url.pathname === '/app/installations') listings += 1
    if (!(await validJwt(request.headers.authorization))) {
      refusedJwts += 1
      return send(response, 401, { message: 'A JSON web token could not be decoded' })
    }
    if (request.method === 'GET' && url.pathname === '/app/installations') {
      return send(response, 200, options.installations.map(installationJson))
    }
    const mint = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(url.pathname)
    if (request.method === 'POST' && mint !== null) {
      const installationId = Number(mint[1])
      if (!options.installations.some((installation) => installation.id === installationId))
        return send(response, 404, { message: 'Not Found' })
      const token: MintedToken = {
        installationId,
        token: `ghs_${randomBytes(18).toString('base64url')}`,
        expiresAt: Date.now() + lifetimeMs,
      }
      minted.push(token)
      return send(response, 201, {
        token: token.token,
        expires_at: new Date(token.expiresAt).toISOString(),
        permissions: { contents: 'read' },
      })
    }
    send(response, 404, { message: 'Not Found' })
  }

  async function validJwt(authorization: string | undefined): Promise<boolean> {
    const jwt = /^Bearer (.+)$/.exec(authorization ?? '')?.[1]
    if (jwt === undefined) return false
    try {
      const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['RS256'], issuer: options.app.appId })
      const now = Date.now() / 1000
      return (
        payload.iat !== undefined &&
        payload.exp !== undefined &&
        payload.iat <= now + 60 &&
        payload.exp <= now + 600 + 60 &&
        payload.exp > payload.iat
      )
    } catch {
      return false
    }
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => void handle(request, response)
  const server =
    options.https === undefined ? createServer(listener) : createHttpsServer({ cert: options.https.cert, key: options.https.key }, listener)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.https?.port ?? 0, options.host ?? '127.0.0.1', resolve)
  })
  const { address, port } = server.address() as AddressInfo
  return {
    url: `${options.https === undefined ? 'http' : 'https'}://${address}:${port}`,
    minted,
    get refusedJwts() {
      return refusedJwts
    },
    get listings() {
      return listings
    },
    accepts: (token) => minted.some((entry) => entry.token === token && entry.expiresAt > Date.now()),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function installationJson({ id, login }: { readonly id: number; readonly login: string }) {
  return {
    id,
    html_url: `https://github.com/organizations/${login}/settings/installations/${id}`,
    account: { login, type: 'Organization', avatar_url: `https://avatars.githubusercontent.com/${login}` },
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

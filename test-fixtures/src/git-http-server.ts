import { spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'

const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend'

/** A git smart-HTTP server on loopback: `git http-backend` behind basic auth. */
export interface GitHttpServer {
  /**
   * `http://127.0.0.1:<port>` (`https://` when serving TLS); a repository `<root>/<name>.git` is
   * at `<url>/<name>.git`.
   */
  readonly url: string
  close(): Promise<void>
}

/**
 * HTTPS on a chosen port, to stand in for a real git host (github.com on 443) under a private
 * hosts file: the PEM certificate and key the clients are made to trust.
 */
export interface GitHttpsOptions {
  readonly cert: string
  readonly key: string
  readonly port: number
}

/**
 * The basic-auth credential a git server takes: one fixed password, or whichever passwords
 * `accepts` says are good now (short-lived tokens, e.g. a GitHub App's installation tokens).
 */
export type GitCredential =
  { readonly username: string; readonly password: string } | { readonly username: string; readonly accepts: (password: string) => boolean }

/**
 * Serves every repository under `root` (read-only: receive-pack stays off) to clients that send
 * the credential as basic auth, as a git host does; others get 401. Plain HTTP on an ephemeral
 * port unless `https` is given.
 */
export async function startGitHttpServer(root: string, credential: GitCredential, https?: GitHttpsOptions): Promise<GitHttpServer> {
  const accepts = 'accepts' in credential ? credential.accepts : (password: string) => password === credential.password
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (!isAccepted(request.headers.authorization, credential.username, accepts)) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end()
      return
    }
    serveThroughBackend(root, request, response, credential.username)
  }
  const server = https === undefined ? createServer(handle) : createHttpsServer({ cert: https.cert, key: https.key }, handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(https?.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `${https === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function isAccepted(authorization: string | undefined, username: string, accepts: (password: string) => boolean): boolean {
  const match = /^Basic (.+)$/.exec(authorization ?? '')
  const decoded = match?.[1] === undefined ? '' : Buffer.from(match[1], 'base64').toString()
  const colon = decoded.indexOf(':')
  return colon !== -1 && decoded.slice(0, colon) === username && accepts(decoded.slice(colon + 1))
}

/** Runs the request through git-http-backend as CGI: headers in the environment, body on stdin. */
function serveThroughBackend(root: string, request: IncomingMessage, response: ServerResponse, user: string): void {
  const url = new URL(request.url ?? '/', 'http://loopback')
  const backend = spawn(HTTP_BACKEND, [], {
    env: {
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: request.method ?? 'GET',
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      REMOTE_USER: user,
      REMOTE_ADDR: '127.0.0.1',
      HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
      HTTP_GIT_PROTOCOL: header(request, 'git-protocol'),
    },
  })
  request.pipe(backend.stdin)
  let head = Buffer.alloc(0)
  let headersSent = false
  backend.stdout.on('data', (chunk: Buffer) => {
    if (headersSent) return void response.write(chunk)
    head = Buffer.concat([head, chunk])
    const end = head.indexOf('\r\n\r\n')
    if (end === -1) return
    headersSent = true
    const headers: Record<string, string> = {}
    let status = 200
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':')
      const [name, value] = [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
      if (name === 'status') status = Number.parseInt(value, 10)
      else headers[name] = value
    }
    response.writeHead(status, headers)
    response.write(head.subarray(end + 4))
  })
  backend.stdout.on('end', () => {
    if (!headersSent) response.writeHead(502)
    response.end()
  })
  backend.on('error', () => response.destroy())
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

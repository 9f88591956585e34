import { Agent, request, type IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'

/** A whole response: these benchmarks only read small JSON:API documents. */
export interface Reply {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly text: string
}

export interface SendOptions {
  readonly token?: string
  /** Sent as a JSON:API document. */
  readonly json?: unknown
  /** Raw bytes, or a stream piped into the request as it is read (then give `contentLength`). */
  readonly body?: Uint8Array | Readable
  readonly contentLength?: number
  readonly contentType?: string
  /** Called once the last byte of the body has been handed to the socket. */
  readonly onBodySent?: () => void
}

/**
 * One keep-alive agent for every request, so that the bare endpoint and Cairn are measured
 * through the same client code and connection reuse.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 16 })

/** Sends one request with `node:http` and reads the response whole. */
export function send(method: string, url: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {}
    let body = options.body
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json))
      headers['content-type'] = 'application/vnd.api+json'
    } else if (options.contentType !== undefined) {
      headers['content-type'] = options.contentType
    }
    if (body instanceof Uint8Array) headers['content-length'] = body.byteLength
    else if (options.contentLength !== undefined) headers['content-length'] = options.contentLength
    if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    if (options.onBodySent !== undefined) req.once('finish', options.onBodySent)
    if (body === undefined) req.end()
    else if (body instanceof Uint8Array) req.end(body)
    else {
      body.once('error', (error) => req.destroy(error))
      body.pipe(req)
    }
  })
}

/** Parses a JSON reply, failing with the status and text when it is not the expected status. */
export function expectJson<T>(reply: Reply, status: number, what: string): T {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status}: ${reply.text.slice(0, 500)}`)
  return JSON.parse(reply.text) as T
}

/** Closes the idle keep-alive sockets, so that the process can exit. */
export function closeConnections(): void {
  agent.destroy()
}

import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { Readable } from 'node:stream'
import { createGunzip, createInflate } from 'node:zlib'
import type { DestinationPolicy } from './destination-policy.ts'
import { GitTransportError, type GitTransportFailure } from './git-transport-error.ts'
import type { TransportLimits } from './transport-limits.ts'

/** One request to a git host. */
export interface ExchangeRequest {
  readonly url: URL
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer | undefined
}

/** How much of a reply is read, and what happens past it: a failure, or the rest dropped (`truncate`). */
export interface ReplyCap {
  readonly bytes: number
  readonly overflow: GitTransportFailure | 'truncate'
}

interface ExchangeContext {
  readonly policy: DestinationPolicy
  readonly limits: TransportLimits
  /** Aborted with a `GitTransportError` when the call's deadline passes or its caller gives up. */
  readonly signal: AbortSignal
  /** Told of this exchange's failure, unless it was closed before. */
  readonly onFailure: (error: GitTransportError) => void
}

/**
 * One HTTP request and its reply, under the destination policy (checked on the address
 * connected to, a literal address before any connection), the connect and header deadlines,
 * and, while the reply is read, the minimum throughput and a byte cap counted after decoding.
 * Every failure destroys the connection and is one `GitTransportError`.
 */
export class HttpExchange {
  readonly #context: ExchangeContext
  readonly #timers = new Set<NodeJS.Timeout>()
  #request: ClientRequest | undefined
  #stream: Readable | undefined
  #settled = false
  #stopListening = () => undefined as void

  constructor(context: ExchangeContext) {
    this.#context = context
  }

  /** Sends the request; the reply once its headers are in. */
  send(request: ExchangeRequest): Promise<IncomingMessage> {
    const { policy, limits, signal } = this.#context
    const { url } = request
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
    return new Promise<IncomingMessage>((resolve, reject) => {
      const fail = (error: GitTransportError) => {
        reject(error)
        this.#fail(error)
      }
      if (signal.aborted) return fail(signal.reason as GitTransportError)
      if (!/^https?:$/.test(url.protocol) || (isIP(host) !== 0 && !policy.permits(url.hostname, port, host)))
        return fail(new GitTransportError('unreachable'))
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest
      const outgoing = send({
        host,
        port,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: {
          ...request.headers,
          host: url.host,
          'accept-encoding': 'gzip, deflate',
          ...(request.body !== undefined && { 'content-length': String(request.body.byteLength) }),
        },
        agent: false,
        lookup: guardedLookup(policy, url.hostname, port),
      })
      this.#request = outgoing
      const aborted = () => fail(signal.reason as GitTransportError)
      signal.addEventListener('abort', aborted, { once: true })
      this.#stopListening = () => signal.removeEventListener('abort', aborted)
      const connecting = this.#timer(limits.connectMs, () => fail(new GitTransportError('unreachable')))
      const waiting = this.#timer(limits.headersMs, () => fail(new GitTransportError('unreachable')))
      outgoing.on('socket', (socket) => socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => this.#clear(connecting)))
      outgoing.on('error', (error) =>
        fail(error instanceof GitTransportError ? error : new GitTransportError('unreachable', { cause: error })),
      )
      outgoing.on('response', (response) => {
        this.#clear(waiting)
        response.on('error', () => undefined)
        resolve(response)
      })
      outgoing.end(request.body)
    })
  }

  /** The reply's body, decoded and counted; ends the exchange when it ends. */
  async *body(response: IncomingMessage, cap: ReplyCap): AsyncGenerator<Uint8Array> {
    const { limits } = this.#context
    const stream = (this.#stream = decoded(response))
    stream.on('error', () => undefined)
    let total = 0
    let windowBytes = 0
    const meter = setInterval(() => {
      if (windowBytes < limits.stallMinBytes) this.#fail(new GitTransportError('unreachable'))
      windowBytes = 0
    }, limits.stallWindowMs)
    meter.unref()
    this.#timers.add(meter)
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.byteLength
        windowBytes += chunk.byteLength
        if (total > cap.bytes) {
          if (cap.overflow === 'truncate') return
          throw this.#fail(new GitTransportError(cap.overflow))
        }
        yield chunk
      }
    } catch (error) {
      throw this.#fail(error instanceof GitTransportError ? error : new GitTransportError('unreachable', { cause: error }))
    } finally {
      this.close()
    }
  }

  /** Ends the exchange quietly: its timers stop, its connection closes, a later failure is no one's news. */
  close(): void {
    this.#settle()
    this.#request?.destroy()
    this.#stream?.destroy()
  }

  #fail(error: GitTransportError): GitTransportError {
    if (this.#settled) return error
    this.#context.onFailure(error)
    this.#settle()
    this.#request?.destroy(error)
    this.#stream?.destroy(error)
    return error
  }

  #settle(): void {
    this.#settled = true
    this.#stopListening()
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
  }

  #timer(ms: number, action: () => void): NodeJS.Timeout {
    const timer = setTimeout(action, ms)
    timer.unref()
    this.#timers.add(timer)
    return timer
  }

  #clear(timer: NodeJS.Timeout): void {
    clearTimeout(timer)
    this.#timers.delete(timer)
  }
}

/**
 * A `lookup` for `net.connect` that keeps only the addresses the policy permits for the URL's
 * host: the address checked is the address connected to, whatever DNS answers the next time.
 */
function guardedLookup(policy: DestinationPolicy, hostname: string, port: number): LookupFunction {
  return (name, options, callback) => {
    dnsLookup(name, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const permitted = addresses.filter(({ address }) => policy.permits(hostname, port, address))
      const [first] = permitted
      if (first === undefined) return callback(new GitTransportError('unreachable'), '', 0)
      if (options.all === true) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, permitted)
      callback(null, first.address, first.family)
    })
  }
}

/** The reply's bytes as the host meant them: gzip and deflate undone (and counted decoded by the reader). */
function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase()
  if (encoding === 'identity' || encoding === '') return response
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : undefined
  if (decoder === undefined) {
    response.destroy(new GitTransportError('unreachable'))
    return response
  }
  response.on('error', (error) => decoder.destroy(error))
  return response.pipe(decoder)
}

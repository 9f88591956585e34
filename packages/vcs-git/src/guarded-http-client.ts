import type { IncomingMessage } from 'node:http'
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git'
import type { DestinationPolicy } from './destination-policy.ts'
import { GitTransportError } from './git-transport-error.ts'
import { HttpExchange, type ExchangeRequest, type ReplyCap } from './http-exchange.ts'
import { PackInspector, type PackLimits } from './pack-inspector.ts'
import { SideBand } from './side-band.ts'
import type { TransportLimits } from './transport-limits.ts'

/** What one git call does: list refs (small replies, a short deadline) or fetch a pack. */
export type GitCallPurpose = 'refs' | 'fetch'

/** A git reply is a pack (a fetch's POST) or a list of refs; anything else (an error page, HTML answered with 200) is `other`. */
type ReplyKind = 'pack' | 'refs' | 'other'

export interface GuardedHttpClientOptions {
  readonly policy: DestinationPolicy
  readonly limits: TransportLimits
  /** What a fetched pack's objects may hold, inflated. */
  readonly pack: PackLimits
  readonly purpose: GitCallPurpose
  /** The caller's: once aborted, every request of the call fails `aborted`. */
  readonly signal?: AbortSignal | undefined
}

/**
 * isomorphic-git's `HttpClient` for one git call (a listing of refs, or a fetch), on Node's
 * http and https: the destination policy on every connection, redirects followed only within
 * the request's origin (so a credential is only ever sent to the origin it was given for), a
 * deadline on the whole call besides each request's own, byte caps on every reply, and a fetched
 * pack's objects inspected as they arrive (see `PackInspector`), before isomorphic-git inflates them.
 * isomorphic-git swallows some failures of a body it reads (a cut-off reply becomes a parse
 * error); `failure` keeps the first one, the real reason. `dispose()` once the call is over.
 */
export class GuardedHttpClient implements HttpClient {
  readonly #options: GuardedHttpClientOptions
  readonly #call = new AbortController()
  readonly #deadline: NodeJS.Timeout
  readonly #stopListening: () => void
  #current: HttpExchange | undefined
  #failure: GitTransportError | undefined

  constructor(options: GuardedHttpClientOptions) {
    this.#options = options
    const { limits, purpose, signal } = options
    this.#deadline = setTimeout(
      () => this.#abort(new GitTransportError('unreachable')),
      purpose === 'refs' ? limits.refsMs : limits.fetchMs,
    )
    this.#deadline.unref()
    const aborted = () => this.#abort(new GitTransportError('aborted', { cause: signal?.reason }))
    signal?.addEventListener('abort', aborted, { once: true })
    this.#stopListening = () => signal?.removeEventListener('abort', aborted)
    if (signal?.aborted === true) aborted()
  }

  /** The first failure of the call's transport, if any: what to report instead of isomorphic-git's error. */
  get failure(): GitTransportError | undefined {
    return this.#failure
  }

  /** Ends the call: its deadline stops, any connection still open closes. */
  dispose(): void {
    clearTimeout(this.#deadline)
    this.#stopListening()
    this.#current?.close()
  }

  readonly request = async (request: GitHttpRequest): Promise<GitHttpResponse> => {
    const body = request.body === undefined ? undefined : await collected(request.body)
    let next: ExchangeRequest = {
      url: new URL(request.url),
      method: (request.method ?? 'GET').toUpperCase(),
      headers: { ...request.headers },
      body,
    }
    for (let redirects = 0; ; redirects++) {
      const exchange = this.#exchange()
      const response = await exchange.send(next)
      const location = response.headers.location
      if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined) return this.#reply(exchange, next, response)
      exchange.close()
      const target = URL.parse(location, next.url.href)
      if (target === null || target.origin !== next.url.origin || redirects >= this.#options.limits.maxRedirects)
        throw this.#record(new GitTransportError('redirected'))
      next = redirected(next, response.statusCode ?? 0, target)
    }
  }

  /** A new exchange; isomorphic-git is done with the previous one's reply once it asks again. */
  #exchange(): HttpExchange {
    this.#current?.close()
    const exchange = new HttpExchange({
      policy: this.#options.policy,
      limits: this.#options.limits,
      signal: this.#call.signal,
      onFailure: (error) => this.#record(error),
    })
    this.#current = exchange
    return exchange
  }

  #reply(exchange: HttpExchange, request: ExchangeRequest, response: IncomingMessage): GitHttpResponse {
    const statusCode = response.statusCode ?? 0
    const kind = this.#kindOf(request, statusCode, response.headers['content-type'])
    const body = exchange.body(response, this.#capOf(kind))
    return {
      url: request.url.href,
      method: request.method,
      statusCode,
      statusMessage: response.statusMessage ?? '',
      headers: flattened(response.headers),
      body: kind === 'pack' ? this.#inspected(body) : body,
    }
  }

  #kindOf(request: ExchangeRequest, statusCode: number, contentType: string | undefined): ReplyKind {
    const ok = statusCode >= 200 && statusCode < 300
    // isomorphic-git reads a fetch's upload-pack reply whatever its content type says: every 2xx one is inspected.
    if (ok && this.#options.purpose === 'fetch' && request.method === 'POST') return 'pack'
    return ok && (contentType ?? '').startsWith('application/x-git-') ? 'refs' : 'other'
  }

  /** A git reply may be as large as its kind; any other is read up to `maxErrorBytes`, enough for isomorphic-git to fail on it, and never shown. */
  #capOf(kind: ReplyKind): ReplyCap {
    const { limits } = this.#options
    if (kind === 'other') return { bytes: limits.maxErrorBytes, overflow: 'truncate' }
    if (kind === 'pack') return { bytes: limits.maxPackBytes, overflow: 'pack_too_large' }
    return { bytes: limits.maxRefsBytes, overflow: 'reply_too_large' }
  }

  /** The pack reply, each chunk inspected before isomorphic-git reads it; a refusal ends the exchange and is the call's failure. */
  async *#inspected(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const pack = new PackInspector(this.#options.pack)
    const sideBand = new SideBand((bytes) => pack.push(bytes))
    for await (const chunk of body) {
      try {
        sideBand.push(chunk)
      } catch (error) {
        throw error instanceof GitTransportError ? this.#record(error) : error
      }
      yield chunk
    }
  }

  #abort(reason: GitTransportError): void {
    this.#record(reason)
    this.#call.abort(reason)
  }

  #record(error: GitTransportError): GitTransportError {
    this.#failure ??= error
    return error
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** The next request after a redirect within the origin: a 303, or a 301/302 of a POST, becomes a GET without its body. */
function redirected(previous: ExchangeRequest, statusCode: number, url: URL): ExchangeRequest {
  const toGet =
    (statusCode === 303 && previous.method !== 'HEAD') || (previous.method === 'POST' && (statusCode === 301 || statusCode === 302))
  if (!toGet) return { ...previous, url }
  const headers = Object.fromEntries(
    Object.entries(previous.headers).filter(([name]) => !['content-type', 'content-length'].includes(name.toLowerCase())),
  )
  return { url, method: 'GET', headers, body: undefined }
}

/** isomorphic-git's request bodies are small (wants and haves, or an ls-refs command): sent whole, so a redirect can send them again. */
async function collected(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for await (const chunk of body) chunks.push(chunk)
  return Buffer.concat(chunks)
}

function flattened(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value
  return flat
}

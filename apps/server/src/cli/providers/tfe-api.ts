import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { PublishError } from './publish-error.ts'

const JSON_API = 'application/vnd.api+json'

/** A JSON:API resource as the TFE API answers it; only what the publisher reads is typed. */
export interface Resource<A> {
  readonly data: { readonly id: string; readonly attributes: A; readonly links?: Readonly<Record<string, string | undefined>> }
}

/** A JSON:API collection, one page of it. */
export interface Collection<A> {
  readonly data: readonly { readonly id: string; readonly attributes: A }[]
}

interface ErrorDocument {
  readonly errors?: readonly { status?: string; title?: string; detail?: string; source?: { pointer?: string } }[]
}

/** The TFE API of one Cairn, as the holder of a token: JSON:API calls, and raw PUTs to upload links. */
export class TfeApi {
  private readonly base: string
  private readonly token: string

  constructor(address: URL, token: string) {
    this.base = address.href.replace(/\/$/, '')
    this.token = token
  }

  /** GETs the document at `path` (under the address); undefined on 404, PublishError on any other failure. */
  async read<D>(path: string, what: string): Promise<D | undefined> {
    const response = await this.send('GET', path, undefined, what)
    if (response.status === 404) return undefined
    return this.answer<D>(response, what)
  }

  /** POSTs a JSON:API document to `path`; PublishError unless it succeeds. */
  async create<A>(path: string, body: unknown, what: string): Promise<Resource<A>> {
    return this.answer<Resource<A>>(await this.send('POST', path, JSON.stringify(body), what), what)
  }

  /**
   * PUTs a file's bytes to a signed upload link, which takes no token; `content` is a buffer or a
   * path whose file is streamed from disk, never read whole (zips run to hundreds of megabytes).
   */
  async upload(link: string, content: Buffer | string, what: string): Promise<void> {
    const body =
      typeof content === 'string' ? (Readable.toWeb(createReadStream(content)) as ReadableStream<Uint8Array>) : new Uint8Array(content)
    const length = typeof content === 'string' ? (await stat(content)).size : content.length
    // Node's fetch streams a request body only when told it is half-duplex (the WHATWG name).
    const init: RequestInit & { duplex: 'half' } = {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(length) },
      body,
      duplex: 'half',
    }
    const response = await fetch(link, init).catch((error: unknown) => unreachable(link, what, error))
    if (!response.ok) throw await refusal(response, what)
  }

  private async send(method: string, path: string, body: string | undefined, what: string): Promise<Response> {
    const url = `${this.base}${path}`
    const headers = { Authorization: `Bearer ${this.token}`, Accept: JSON_API, ...(body !== undefined && { 'Content-Type': JSON_API }) }
    return fetch(url, { method, headers, ...(body !== undefined && { body }) }).catch((error: unknown) => unreachable(url, what, error))
  }

  private async answer<D>(response: Response, what: string): Promise<D> {
    if (!response.ok) throw await refusal(response, what)
    return (await response.json()) as D
  }
}

function unreachable(url: string, what: string, error: unknown): never {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)
  throw new PublishError(`${what}: cannot reach ${new URL(url).origin}: ${cause}`)
}

/** The server's refusal, with each JSON:API error's title, detail and the field it names. */
async function refusal(response: Response, what: string): Promise<PublishError> {
  const text = await response.text()
  let document: ErrorDocument = {}
  try {
    document = JSON.parse(text) as ErrorDocument
  } catch {
    // Not JSON:API (a proxy's page, say): the text is shown as it is.
  }
  const errors = (document.errors ?? []).map(
    ({ title, detail, source }) =>
      [title, detail].filter((part) => part !== undefined && part !== '').join(': ') + (source?.pointer ? ` (${source.pointer})` : ''),
  )
  const reasons = errors.length > 0 ? errors.map((line) => `\n  ${line}`).join('') : text === '' ? '' : `\n  ${text.slice(0, 500)}`
  const hint = response.status === 401 ? ' (is the token right?)' : response.status === 404 ? ' (or the token may not see it)' : ''
  return new PublishError(`${what}: the server answered ${response.status}${hint}${reasons}`)
}

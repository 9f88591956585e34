import { request } from 'node:https'

/** An answer, read whole. */
export interface HttpsAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  readonly body: Buffer
}

/**
 * Requests to a server whose certificate a throw-away CA signed: Node's `fetch` trusts only the
 * CAs it started with, so tests that talk HTTPS to Cairn use `node:https` with the CA given.
 */
export function httpsRequest(
  url: string,
  options: { readonly ca: Buffer; readonly method?: string; readonly headers?: Record<string, string>; readonly body?: Buffer | string },
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, ca: options.ca }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }))
      incoming.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

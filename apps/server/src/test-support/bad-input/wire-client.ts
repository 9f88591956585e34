import { request, type Agent } from 'node:http'
import type { ServerErrors } from './server-errors.ts'
import type { Actor, Answer, Sent } from './sent.ts'

export interface Tokens {
  readonly admin: string
  readonly owner: string
}

function headersOf(as: Actor, tokens: Tokens): Record<string, string> {
  if (as === 'admin' || as === 'owner') return { Authorization: `Bearer ${tokens[as]}` }
  if (as === 'anonymous') return {}
  return {
    ...(as.authorization !== undefined && { Authorization: as.authorization }),
    ...(as.cookie !== undefined && { Cookie: as.cookie }),
  }
}

/**
 * Sends `sent` as is with node:http (fetch would normalise the path), on a connection of its own
 * (a 413 closes its connection, see the regression cases), and reads the whole answer with what
 * the server logged as errors meanwhile.
 */
export function sendOnWire(
  sent: Sent,
  server: { readonly port: number; readonly tokens: Tokens; readonly errors: ServerErrors },
): Promise<Answer> {
  const logged = server.errors.mark()
  const body = sent.body === undefined ? undefined : typeof sent.body === 'string' ? Buffer.from(sent.body, 'utf8') : Buffer.from(sent.body)
  const headers = {
    ...headersOf(sent.as, server.tokens),
    ...(sent.contentType !== undefined && { 'Content-Type': sent.contentType }),
    ...(body !== undefined && { 'Content-Length': String(body.length) }),
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { agent: false, host: 'localhost', port: server.port, method: sent.method, path: sent.path, headers },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () => {
          const serverErrors = server.errors.since(logged)
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: incoming.headers['content-type'],
            text: Buffer.concat(chunks).toString('utf8'),
            serverErrors,
          })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/** The status of a request sent through `agent` with `token`, its answer read to the end: to see what a kept-alive connection does. */
export function statusOn(
  agent: Agent,
  sent: { port: number; token: string; method: string; path: string; body?: string | undefined },
): Promise<number> {
  const headers = { Authorization: `Bearer ${sent.token}` }
  return new Promise<number>((resolve, reject) => {
    const outgoing = request({ agent, host: 'localhost', port: sent.port, method: sent.method, path: sent.path, headers }, (incoming) => {
      incoming.resume()
      incoming.on('end', () => resolve(incoming.statusCode ?? 0))
    })
    outgoing.on('error', reject)
    outgoing.end(sent.body)
  })
}

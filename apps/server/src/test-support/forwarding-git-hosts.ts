import { startHostileHttpServer, type HostileHttpServer } from '@cairn/test-fixtures'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { buffer } from 'node:stream/consumers'

/**
 * Passes a git request on to `target` and its answer back, whole. Not `Git-Protocol`: in protocol
 * version 1 the refs come in the GET, so a host can list them and misbehave on the pack alone.
 */
export async function forwardGitRequest(target: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {}
  for (const name of ['authorization', 'content-type']) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const body = request.method === 'POST' ? await buffer(request) : undefined
  const answer = await fetch(`${target}${request.url ?? '/'}`, {
    method: request.method ?? 'GET',
    headers,
    ...(body !== undefined && { body }),
  })
  const answered: Record<string, string> = {}
  // fetch has decoded the body already, and the length is the decoded one's.
  answer.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(name)) answered[name] = value
  })
  response.writeHead(answer.status, answered).end(Buffer.from(await answer.arrayBuffer()))
}

/** A git host in front of another that answers every request whole and right, each a second late. */
export function startSlowGitHost(target: string): Promise<HostileHttpServer> {
  return startHostileHttpServer((request, response) => void setTimeout(() => void forwardGitRequest(target, request, response), 1_000))
}

/** A git host whose refs are another's, and whose packs come one byte every 2 s, for ever. */
export interface StallingGitHost extends HostileHttpServer {
  /** `opened <n>` and `closed <n>` (by the client) for the n-th pack, in the order they happened. */
  readonly packs: readonly string[]
}

export async function startStallingGitHost(target: string): Promise<StallingGitHost> {
  const packs: string[] = []
  const trickles = new Set<ReturnType<typeof setInterval>>()
  const server = await startHostileHttpServer((request, response) => {
    if (request.method === 'GET') return void forwardGitRequest(target, request, response)
    const pack = packs.filter((event) => event.startsWith('opened')).length + 1
    packs.push(`opened ${pack}`)
    response.writeHead(200, { 'content-type': 'application/x-git-upload-pack-result' })
    const trickle = setInterval(() => response.write('0'), 2_000)
    trickles.add(trickle)
    response.on('close', () => {
      clearInterval(trickle)
      packs.push(`closed ${pack}`)
    })
  })
  return {
    ...server,
    get connections() {
      return server.connections
    },
    packs,
    async close() {
      for (const trickle of trickles) clearInterval(trickle)
      await server.close()
    },
  }
}

import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { CoalescedResponse } from './coalesced-response.ts'

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

async function serve(listener: RequestListener<typeof IncomingMessage, typeof ServerResponse>): Promise<string> {
  server = createServer({ ServerResponse: CoalescedResponse }, listener)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

test('an answer ended in a turn of the event loop is written when the turn ends, before the next turn’s callbacks', async () => {
  const seen: string[] = []
  const url = await serve((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' })
    response.end('answer', () => seen.push('end callback'))
    seen.push(`ended at once: ${response.writableEnded}`)
    setImmediate(() => seen.push(`ended next turn: ${response.writableEnded}`))
  })
  const answer = await fetch(url)
  expect(await answer.text()).toBe('answer')
  expect(seen[0]).toBe('ended at once: false')
  expect(seen).toContain('ended next turn: true')
  expect(seen).toContain('end callback')
})

test('many answers ended in the same turn all reach their clients, whole', async () => {
  const url = await serve((request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ path: request.url, padding: 'x'.repeat(10_000) }))
  })
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      fetch(`${url}/${i}`).then((answer) => answer.json() as Promise<{ path: string; padding: string }>),
    ),
  )
  expect(answers.map((answer) => answer.path)).toEqual(Array.from({ length: 50 }, (_, i) => `/${i}`))
  expect(answers.every((answer) => answer.padding.length === 10_000)).toBe(true)
})

test('a streamed answer’s chunks leave as written, and its end after them', async () => {
  const url = await serve((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' })
    response.write('first ')
    setTimeout(() => {
      response.write('second ')
      response.end('last')
    }, 10)
  })
  const answer = await fetch(url)
  expect(await answer.text()).toBe('first second last')
})

test('requests one after another on a kept-alive connection are each answered', async () => {
  const url = await serve((request, response) => response.end(request.url))
  const bodies: string[] = []
  for (const path of ['/a', '/b', '/c']) {
    const response = await fetch(`${url}${path}`, { keepalive: true })
    bodies.push(await response.text())
  }
  expect(bodies).toEqual(['/a', '/b', '/c'])
})

test('a client gone before its answer is written costs the server nothing: the next request is served', async () => {
  let aborted: () => void = () => undefined
  const url = await serve((request, response) => {
    if (request.url === '/gone') {
      request.socket.destroy()
      aborted()
    }
    response.end('answer')
  })
  await new Promise<void>((resolve) => {
    aborted = resolve
    httpRequest(`${url}/gone`)
      .on('error', () => undefined)
      .end()
  })
  const answer = await fetch(`${url}/next`)
  expect(await answer.text()).toBe('answer')
})

import { mkdtempSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { startServer } from './serve.ts'
import { testConfig } from '../test-support/test-config.ts'

/** Sends one GET on `socket` and resolves with the head of its answer (status line and headers). */
function get(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ''
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1')
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return
      socket.off('data', onData).off('close', onClose)
      resolve(received.slice(0, end))
    }
    const onClose = () => reject(new Error(`the server closed the connection; received: ${JSON.stringify(received)}`))
    socket.on('data', onData).once('close', onClose)
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`)
  })
}

describe('the standalone server behind a load balancer', () => {
  it('answers a second request on a keep-alive connection left idle longer than Node’s 5 s default', async () => {
    const server = await startServer(testConfig({ CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-keep-alive-')), PORT: '0' }))
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1')
    try {
      const first = await get(socket, '/healthz')
      expect(first).toMatch(/^HTTP\/1\.1 200 /)
      expect(first).toMatch(/\r\nkeep-alive: timeout=65\r\n/i)

      await sleep(6_000)
      const second = await get(socket, '/healthz')
      expect(second).toMatch(/^HTTP\/1\.1 200 /)
    } finally {
      socket.destroy()
      await server.stop()
    }
  }, 60_000)
})

import { startHostileHttpServer, type HostileHttpServer } from '@cairn/test-fixtures'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { DestinationPolicy } from './destination-policy.ts'
import { GuardedHttpClient, type GitCallPurpose } from './guarded-http-client.ts'
import { BLOB, pack, plain, v1Reply } from './test-support/hand-built-pack.ts'
import { DEFAULT_TRANSPORT_LIMITS } from './transport-limits.ts'

const KiB = 1024
const GIT_REFS = 'application/x-git-upload-pack-advertisement'
const GIT_PACK = 'application/x-git-upload-pack-result'
const PACK_LIMITS = { maxObjectBytes: 16 * 1024 * KiB, maxInflatedBytes: 1024 * 1024 * KiB, maxObjects: 1_000_000 }

/** Reads a reply's body to its end; the bytes it gave, and how it ended. */
async function drain(body: AsyncIterable<Uint8Array> | undefined): Promise<{ bytes: number; error: unknown }> {
  let bytes = 0
  try {
    for await (const chunk of body ?? []) bytes += chunk.byteLength
    return { bytes, error: undefined }
  } catch (error) {
    return { bytes, error }
  }
}

describe('GuardedHttpClient', () => {
  let server: HostileHttpServer | undefined
  const clients: GuardedHttpClient[] = []
  const client = (purpose: GitCallPurpose = 'refs', limits = {}) => {
    const created = new GuardedHttpClient({
      policy: new DestinationPolicy(['127.0.0.1']),
      limits: { ...DEFAULT_TRANSPORT_LIMITS, ...limits },
      pack: PACK_LIMITS,
      purpose,
    })
    clients.push(created)
    return created
  }
  const serve = async (handle: (request: IncomingMessage, response: ServerResponse) => void) =>
    (server = await startHostileHttpServer(handle))
  afterEach(async () => {
    for (const created of clients.splice(0)) created.dispose()
    await server?.close()
  })

  it('reads a gzip error reply only to its cap, counted decoded: 64 MiB of zeros in 64 KiB on the wire', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * KiB))
    const host = await serve((_, response) => response.writeHead(500, { 'content-encoding': 'gzip' }).end(bomb))
    const guarded = client()
    const reply = await guarded.request({ url: `${host.url}/repo.git/info/refs?service=git-upload-pack` })
    expect(reply.statusCode).toBe(500)
    const { bytes, error } = await drain(reply.body)
    expect(error).toBeUndefined()
    expect(bytes).toBeGreaterThan(0)
    expect(bytes).toBeLessThanOrEqual(DEFAULT_TRANSPORT_LIMITS.maxErrorBytes)
    expect(guarded.failure).toBeUndefined()
  })

  it('fails a git reply past its cap, having read no more than the cap', async () => {
    const host = await serve((_, response) =>
      response.writeHead(200, { 'content-type': GIT_REFS, 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 * 1024 * KiB))),
    )
    const guarded = client('refs', { maxRefsBytes: 256 * KiB })
    const { bytes, error } = await drain((await guarded.request({ url: `${host.url}/info/refs` })).body)
    expect(error).toMatchObject({ name: 'GitTransportError', failure: 'reply_too_large' })
    expect(bytes).toBeLessThanOrEqual(256 * KiB)
    expect(guarded.failure).toBe(error)
  })

  it('caps the pack of a fetch at its own limit', async () => {
    // Flush packets: framing the pack inspector passes.
    const host = await serve((_, response) => response.writeHead(200, { 'content-type': GIT_PACK }).end(Buffer.alloc(512 * KiB, '0')))
    const { error } = await drain(
      (await client('fetch', { maxPackBytes: 128 * KiB }).request({ url: `${host.url}/git-upload-pack`, method: 'POST' })).body,
    )
    expect(error).toMatchObject({ failure: 'pack_too_large' })
  })

  it.each([GIT_PACK, 'text/plain'])(
    "fails a fetch's pack (sent as %s) at its first object past the limit on one object, as the call's failure, and closes the connection",
    async (contentType) => {
      const bomb = v1Reply(pack([plain(BLOB, Buffer.alloc(32 * 1024 * KiB))]), 65515)
      const host = await serve((_, response) => response.writeHead(200, { 'content-type': contentType }).end(bomb))
      const guarded = client('fetch')
      const { bytes, error } = await drain((await guarded.request({ url: `${host.url}/git-upload-pack`, method: 'POST' })).body)
      expect(error).toMatchObject({ name: 'GitTransportError', failure: 'pack_object_too_large' })
      expect(guarded.failure).toBe(error)
      expect(bytes).toBeLessThan(64 * KiB)
    },
  )

  it('follows a redirect within the origin, sending a POST body again on 307', async () => {
    const host = await serve((request, response) => {
      if (request.url === '/old') return void response.writeHead(307, { location: '/new' }).end()
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => response.writeHead(200).end(`${request.method} ${Buffer.concat(chunks).toString()}`))
    })
    const reply = await client().request({
      url: `${host.url}/old`,
      method: 'POST',
      headers: { authorization: 'Basic eDp5' },
      body: bodyOf('want'),
    })
    expect(reply.url).toBe(`${host.url}/new`)
    expect(Buffer.from(await collect(reply.body)).toString()).toBe('POST want')
    expect(host.requests.map(({ path, headers }) => [path, headers.authorization])).toEqual([
      ['/old', 'Basic eDp5'],
      ['/new', 'Basic eDp5'],
    ])
  })

  it('gives up after a few redirects within the origin', async () => {
    const host = await serve((_, response) => response.writeHead(302, { location: '/again' }).end())
    await expect(client().request({ url: `${host.url}/again` })).rejects.toMatchObject({ failure: 'redirected' })
    expect(host.requests).toHaveLength(DEFAULT_TRANSPORT_LIMITS.maxRedirects + 1)
  })
})

async function* bodyOf(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text)
}

async function collect(body: AsyncIterable<Uint8Array> | undefined): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of body ?? []) chunks.push(chunk)
  return Buffer.concat(chunks)
}

import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import { DEFAULT_ARCHIVE_LIMITS } from '@cairn/module-analyzer'
import { GitRepository, startGitHttpServer, startHostileHttpServer, type HostileHttpServer } from '@cairn/test-fixtures'
import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'

const MiB = 1024 * 1024
const CREDENTIAL = { username: 'x-access-token', password: 'ghp-transport-test-credential' }
const FAKE_SECRET = 'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const UNREACHABLE = /^unavailable: cannot reach the git host at /
/** One pkt-line of `length` (hex, header included), announced and then never finished. */
const LONG_PKT_LINE = 'fff0'

describe('the git transport against hostile hosts', { timeout: 30_000 }, () => {
  let cache = ''
  const servers: HostileHttpServer[] = []
  const serve = async (handle: Parameters<typeof startHostileHttpServer>[0], host?: string) => {
    const server = await startHostileHttpServer(handle, host)
    servers.push(server)
    return server
  }
  const client = (allowedHosts: string[] = [], transport = {}) =>
    new IsomorphicGitVcsClient({ cacheDirectory: cache, archiveLimits: DEFAULT_ARCHIVE_LIMITS, allowedHosts, transport })
  const remote = (base: string) => ({ url: `${base}/acme/terraform-aws-vpc.git`, credential: CREDENTIAL })
  const messageOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
    )

  beforeAll(async () => {
    cache = await mkdtemp(join(tmpdir(), 'cairn-git-transport-'))
  })
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })
  afterAll(async () => {
    await rm(cache, { recursive: true, force: true })
  })

  it('never shows a non-git body: a fake credential answered with 200 comes back as the one fixed text', async () => {
    const host = await serve((_, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(FAKE_SECRET))
    const error = await client(['127.0.0.1'])
      .refs(remote(host.url))
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^cannot reach the git host at /) as unknown })
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('wJalrXUtnFEMI')
    expect(host.requests).toHaveLength(1)
  })

  it('refuses loopback, link-local and their other spellings before connecting, with one text', async () => {
    const v4 = await serve((_, response) => response.end(FAKE_SECRET))
    const v6 = await serve((_, response) => response.end(FAKE_SECRET), '::1')
    const urls = [
      v4.url,
      `http://0x7f000001:${v4.port}`,
      `http://2130706433:${v4.port}`,
      `http://127.1:${v4.port}`,
      `http://[::ffff:127.0.0.1]:${v4.port}`,
      `http://localhost:${v4.port}`,
      v6.url,
      'http://169.254.169.254',
      'http://[fd00::1]',
      'http://10.0.0.1',
    ]
    const messages = await Promise.all(urls.map((url) => messageOf(client().refs(remote(url)))))
    for (const message of messages) expect(message).toMatch(/^unavailable: cannot reach the git host at /)
    expect(new Set(messages.map((message) => message.replace(/at \S+ /, 'at <url> ')))).toHaveProperty('size', 1)
    expect(v4.connections + v6.connections).toBe(0)
  })

  it('gives one text for a closed port, an open port that is no git host, a reset and a refused address', async () => {
    const closed = await serve(() => undefined)
    await closed.close()
    const html = await serve((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>router login</html>'))
    const failing = await serve((_, response) => {
      response.statusMessage = 'Internal secret reason'
      response.writeHead(500).end(FAKE_SECRET)
    })
    const reset = await serve((request) => request.socket.destroy())
    const allowed = client(['127.0.0.1'])
    const messages = await Promise.all([
      messageOf(allowed.refs(remote(closed.url))),
      messageOf(allowed.refs(remote(html.url))),
      messageOf(allowed.refs(remote(failing.url))),
      messageOf(allowed.refs(remote(reset.url))),
      messageOf(client().refs(remote(html.url))),
    ])
    expect(new Set(messages.map((message) => message.replace(/127\.0\.0\.1:\d+/, '<host>')))).toHaveProperty('size', 1)
    expect(messages[0]).toMatch(/^unavailable: cannot reach the git host at /)
  })

  it('follows no redirect to another origin, allowed or not, and never sends the credential there', async () => {
    const elsewhere = await serve((_, response) => response.end(FAKE_SECRET))
    const redirecting = await serve((request, response) => {
      if (request.headers.authorization === undefined)
        return void response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end()
      response.writeHead(302, { location: `${elsewhere.url}${request.url ?? '/'}` }).end()
    })
    const redirected = /^unavailable: the git host at \S+ redirected elsewhere/
    await expect(messageOf(client([`127.0.0.1:${redirecting.port}`]).refs(remote(redirecting.url)))).resolves.toMatch(redirected)
    await expect(messageOf(client(['127.0.0.1']).refs(remote(redirecting.url)))).resolves.toMatch(redirected)
    expect(elsewhere.connections).toBe(0)
    expect(redirecting.requests.map((request) => request.headers.authorization !== undefined)).toEqual([false, true, false, true])
  })

  it('cuts off a host sending one byte every 2 s, at the minimum throughput', async () => {
    const trickling = await serve((_, response) => trickle(response, 1, 2_000))
    const started = Date.now()
    await expect(
      messageOf(client(['127.0.0.1'], { stallWindowMs: 1_000, stallMinBytes: 16 }).refs(remote(trickling.url))),
    ).resolves.toMatch(UNREACHABLE)
    expect(Date.now() - started).toBeLessThan(6_000)
  })

  it('ends a call at its deadline however fast the bytes come, and a reply whose headers never come', async () => {
    const endless = await serve((_, response) => trickle(response, 256, 50))
    const silent = await serve(() => undefined)
    const started = Date.now()
    await expect(messageOf(client(['127.0.0.1'], { refsMs: 1_000 }).refs(remote(endless.url)))).resolves.toMatch(UNREACHABLE)
    await expect(messageOf(client(['127.0.0.1'], { headersMs: 500 }).refs(remote(silent.url)))).resolves.toMatch(UNREACHABLE)
    expect(Date.now() - started).toBeLessThan(8_000)
  })

  it('stops when the caller aborts', async () => {
    const silent = await serve(() => undefined)
    await expect(messageOf(client(['127.0.0.1']).refs(remote(silent.url), AbortSignal.timeout(200)))).resolves.toMatch(
      /^unavailable: the git call to \S+ was stopped/,
    )
  })

  it('refuses a list of refs past its cap, counted after gzip, and reads an error reply only to its cap', async () => {
    const refs = gzipSync(manyRefs(4 * MiB))
    const advertisement = await serve((_, response) =>
      response.writeHead(200, { 'content-type': 'application/x-git-upload-pack-advertisement', 'content-encoding': 'gzip' }).end(refs),
    )
    const bomb = gzipSync(Buffer.alloc(64 * MiB))
    const failing = await serve((_, response) =>
      response.writeHead(500, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(bomb),
    )
    const limited = client(['127.0.0.1'], { maxRefsBytes: MiB })
    await expect(messageOf(limited.refs(remote(advertisement.url)))).resolves.toMatch(
      /^unavailable: the git host at \S+ sent a longer list of refs than Cairn reads$/,
    )
    await expect(messageOf(limited.refs(remote(failing.url)))).resolves.toMatch(UNREACHABLE)
  })
})

describe('the fetched pack, against git http-backend', { timeout: 30_000 }, () => {
  it('fails a pack past its cap as invalid, and drops the mirror it was fetched into', async () => {
    const root = await mkdtemp(join(tmpdir(), 'cairn-git-root-'))
    const cache = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
    const server = await startGitHttpServer(root, CREDENTIAL)
    try {
      const repository = GitRepository.create(root, 'large')
      const commitSha = repository.commit({ 'main.tf': 'variable "a" {}\n', 'blob.bin': randomBytes(512 * 1024).toString('base64') })
      const client = new IsomorphicGitVcsClient({
        cacheDirectory: cache,
        archiveLimits: DEFAULT_ARCHIVE_LIMITS,
        allowedHosts: ['127.0.0.1'],
        transport: { maxPackBytes: 128 * 1024 },
      })
      await expect(client.archive({ url: `${server.url}/large.git`, credential: CREDENTIAL }, { commitSha })).rejects.toMatchObject({
        code: 'invalid',
        message: expect.stringMatching(/^the repository at \S+ is larger than Cairn fetches$/) as unknown,
      })
      await vi.waitFor(async () => expect(await readdir(cache)).toEqual([]))
    } finally {
      await server.close()
      await rm(root, { recursive: true, force: true })
      await rm(cache, { recursive: true, force: true })
    }
  })
})

/** A protocol v1 advertisement of tags, about `bytes` long: valid all along, so isomorphic-git reads on. */
function manyRefs(bytes: number): Buffer {
  const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`
  const sha = 'a'.repeat(40)
  const lines = [pkt('# service=git-upload-pack\n'), '0000', pkt(`${sha} HEAD\0multi_ack side-band-64k ofs-delta\n`)]
  for (let index = 0, length = 0; length < bytes; index++) {
    const line = pkt(`${sha} refs/tags/v0.0.${index}\n`)
    lines.push(line)
    length += line.length
  }
  return Buffer.from([...lines, '0000'].join(''))
}

/**
 * A 200 advertisement whose first pkt-line is announced long and then sent `size` bytes every
 * `everyMs`: isomorphic-git waits for the rest of the line, as it would for a slow host.
 */
function trickle(response: ServerResponse, size: number, everyMs: number): void {
  response.writeHead(200, { 'content-type': 'application/x-git-upload-pack-advertisement' })
  response.write(LONG_PKT_LINE)
  const timer = setInterval(() => response.write('a'.repeat(size)), everyMs)
  response.on('close', () => clearInterval(timer))
}

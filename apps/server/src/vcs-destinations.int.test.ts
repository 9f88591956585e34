import { startHostileHttpServer, type HostileHttpServer } from '@cairn/test-fixtures'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { testConfig } from './test-support/test-config.ts'
import { userToken } from './test-support/cli.ts'

const JSON_API = 'application/vnd.api+json'
const FAKE_SECRET = 'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const UNREACHABLE =
  /^cannot reach the git host at \S+ \(hosts on loopback, private or link-local addresses are reached only when the server's operator allows them\)$/

interface Answer {
  status: number
  text: string
  body: { errors?: { status: string; detail?: string }[]; data?: { relationships?: Record<string, { data: { id: string }[] }> } }
}

/**
 * Finding 2 of the second security review through the real server: a VCS connection's
 * `http-url` is the owner's to choose, so publishing must not become a way to read the server's
 * network. Loopback stands in for it; `CAIRN_VCS_ALLOWED_HOSTS` names one loopback port only.
 */
describe("publishing from VCS never reads the server's own network for an owner", { timeout: 120_000 }, () => {
  const base = mkdtempSync(join(tmpdir(), 'cairn-vcs-destinations-'))
  let internal: HostileHttpServer
  let internalV6: HostileHttpServer
  let allowed: HostileHttpServer
  let server: RunningServer
  let token: string

  beforeAll(async () => {
    internal = await startHostileHttpServer((_, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(FAKE_SECRET))
    internalV6 = await startHostileHttpServer(
      (_, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(FAKE_SECRET),
      '::1',
    )
    // An allowed host that is no git host: a fake credential for one repository, a redirect to the internal one for another.
    allowed = await startHostileHttpServer((request, response) => {
      if ((request.url ?? '').startsWith('/bounce/'))
        return void response.writeHead(302, { location: `${internal.url}${request.url ?? ''}` }).end()
      response.writeHead(200, { 'content-type': 'text/plain' }).end(FAKE_SECRET)
    })
    const env = {
      CAIRN_DATA_DIR: join(base, 'data'),
      PORT: '0',
      CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
      CAIRN_VCS_ALLOWED_HOSTS: `127.0.0.1:${allowed.port}`,
    }
    token = await userToken(env, 'owner', true)
    server = await startServer(testConfig(env))
    expect(
      (await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } }))
        .status,
    ).toBe(201)
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await Promise.all([internal, internalV6, allowed].map((host) => host?.close()))
  })

  async function api(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    return { status: response.status, text, body: (text === '' ? {} : JSON.parse(text)) as Answer['body'] }
  }

  /** Creates a connection at `httpUrl` and publishes `identifier` through it: the answer. */
  async function publishFrom(httpUrl: string, identifier: string): Promise<Answer> {
    const client = await api('POST', '/api/v2/organizations/acme/oauth-clients', {
      data: {
        type: 'oauth-clients',
        attributes: { 'service-provider': 'github', 'http-url': httpUrl, 'oauth-token-string': 'ghp-owner-credential' },
      },
    })
    expect(client.status).toBe(201)
    const tokenId = client.body.data?.relationships?.['oauth-tokens']?.data[0]?.id
    return api('POST', '/api/v2/organizations/acme/registry-modules/vcs', {
      data: { type: 'registry-modules', attributes: { 'vcs-repo': { identifier, 'oauth-token-id': tokenId } } },
    })
  }

  it('503 with one fixed text for loopback in any spelling and the metadata address; the addresses hear nothing', async () => {
    const urls = [
      internal.url,
      `http://0x7f000001:${internal.port}`,
      `http://2130706433:${internal.port}`,
      internalV6.url,
      'http://169.254.169.254',
    ]
    for (const [index, url] of urls.entries()) {
      const answer = await publishFrom(url, `acme/terraform-aws-m${index}`)
      expect(answer.status).toBe(503)
      expect(answer.body.errors?.[0]?.detail).toMatch(UNREACHABLE)
    }
    expect(internal.connections + internalV6.connections).toBe(0)
  })

  it('503 for an allowed host that answers with a fake credential: the answer never carries it', async () => {
    const answer = await publishFrom(allowed.url, 'acme/terraform-aws-vpc')
    expect(answer.status).toBe(503)
    expect(answer.body.errors?.[0]?.detail).toMatch(UNREACHABLE)
    expect(answer.text).not.toContain('wJalrXUtnFEMI')
    expect(allowed.requests.length).toBeGreaterThan(0)
  })

  it('503 for a redirect from the allowed host to another origin, which hears nothing', async () => {
    const answer = await publishFrom(allowed.url, 'bounce/terraform-aws-vpc')
    expect(answer.status).toBe(503)
    expect(answer.body.errors?.[0]?.detail).toMatch(/^the git host at \S+ redirected elsewhere/)
    expect(internal.connections).toBe(0)
  })
})

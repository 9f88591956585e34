import { OPERATOR } from '@cairn/core'
import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { Hono } from 'hono'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createCairn, type Cairn } from './create-cairn.ts'

const JSON_API = 'application/vnd.api+json'
const CREDENTIAL = { username: 'x-access-token', password: 'ghp-cairn-embed-vcs-credential' }
const METRICS_TOKEN = 'scraper-token-of-the-host'
const VPC = '/registry/api/v2/organizations/acme/registry-modules/private/acme/vpc/aws'

interface Doc {
  data: { attributes: Record<string, unknown>; links: { self: string }; relationships?: Record<string, { data: { id: string }[] }> }
}

/**
 * An embedded Cairn publishes from git as the standalone server does: its own job workers ingest
 * the tags, and the webhook, the resource links and `/metrics` are all under the host's mount path.
 */
describe('an embedded Cairn under /registry, publishing from git', { timeout: 60_000 }, () => {
  const base = mkdtempSync(join(tmpdir(), 'cairn-embed-vcs-'))
  let git: GitHttpServer
  let repository: GitRepository
  let cairn: Cairn
  let host: Hono
  let headers: Record<string, string>

  beforeAll(async () => {
    git = await startGitHttpServer(join(base, 'git'), CREDENTIAL)
    repository = GitRepository.create(join(base, 'git'), 'acme/terraform-aws-vpc')
    repository.commit({ 'main.tf': 'variable "cidr" {\n  type = string\n}\n' })
    repository.tag('v1.0.0')
    cairn = await createCairn({
      store: { kind: 'memory' },
      basePath: '/registry',
      metricsToken: METRICS_TOKEN,
      vcs: { cacheDir: join(base, 'vcs-cache'), pollIntervalSeconds: 0, allowedHosts: ['127.0.0.1'] },
    })
    host = new Hono()
    host.all('/registry/*', (c) => cairn.fetch(c.req.raw))
    host.get('/.well-known/terraform.json', (c) => cairn.fetch(c.req.raw))
    // Only site administrators create organizations by default in the self-hosted edition.
    await cairn.useCases.users.create({ username: 'owner', email: 'owner@acme.test', isSiteAdmin: true }, OPERATOR)
    const { bearer } = await cairn.useCases.tokens.createForUser({ user: { username: 'owner' } }, OPERATOR)
    headers = { Authorization: `Bearer ${bearer}`, 'Content-Type': JSON_API }
  }, 60_000)

  afterAll(async () => {
    await cairn.close()
    await git.close()
    rmSync(base, { recursive: true, force: true })
  })

  async function send(method: string, path: string, body?: unknown): Promise<{ status: number; doc: Doc }> {
    const response = await host.request(`http://host.test${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    return { status: response.status, doc: (text === '' ? {} : JSON.parse(text)) as Doc }
  }

  async function eventuallyOk(version: string): Promise<void> {
    await vi.waitFor(
      async () => {
        const { doc } = await send('GET', VPC)
        expect(doc.data.attributes['version-statuses']).toContainEqual({ version, status: 'ok' })
      },
      { timeout: 30_000, interval: 100 },
    )
  }

  it('connects the git host, publishes by tag, and ingests on a push to the webhook under the mount path', async () => {
    expect(
      (
        await send('POST', '/registry/api/v2/organizations', {
          data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } },
        })
      ).status,
    ).toBe(201)
    const client = await send('POST', '/registry/api/v2/organizations/acme/oauth-clients', {
      data: {
        type: 'oauth-clients',
        attributes: { 'service-provider': 'github', 'http-url': git.url, 'oauth-token-string': CREDENTIAL.password },
      },
    })
    expect(client.status).toBe(201)
    expect(client.doc.data.links.self).toMatch(/^\/registry\/api\/v2\/oauth-clients\//)
    const tokenId = client.doc.data.relationships?.['oauth-tokens']?.data[0]?.id
    const published = await send('POST', '/registry/api/v2/organizations/acme/registry-modules/vcs', {
      data: { type: 'registry-modules', attributes: { 'vcs-repo': { identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId } } },
    })
    expect(published.status).toBe(201)
    expect(published.doc.data.links.self).toBe(VPC)
    const webhookUrl = (published.doc.data.attributes['vcs-repo'] as { 'webhook-url': string })['webhook-url']
    expect(webhookUrl).toMatch(/^http:\/\/host\.test\/registry\/webhooks\/vcs\/[0-9a-f-]{36}$/)
    await eventuallyOk('1.0.0')

    repository.commit({ 'main.tf': 'variable "cidr" {\n  type = string\n}\n\noutput "cidr" {\n  value = var.cidr\n}\n' })
    repository.tag('v1.1.0')
    const pushed = await host.request(webhookUrl, { method: 'POST', body: '{"ref":"refs/tags/v1.1.0"}' })
    expect(pushed.status).toBe(202)
    await eventuallyOk('1.1.0')
  })

  it('serves /metrics under the mount path to the scraper, counting requests by route, discovery included', async () => {
    const discovery = await host.request('http://host.test/.well-known/terraform.json')
    expect(discovery.headers.get('X-Request-Id')).toBeTruthy()
    expect((await host.request('http://host.test/registry/metrics')).status).toBe(401)
    const metrics = await host.request('http://host.test/registry/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(metrics.status).toBe(200)
    const text = await metrics.text()
    expect(text).toContain('route="/.well-known/terraform.json"')
    expect(text).toContain('route="/registry/webhooks/vcs/:token"')
  })
})

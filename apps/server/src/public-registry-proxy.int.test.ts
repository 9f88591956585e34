import { startFakeUpstream, type FakeUpstreamServer } from '@cairn/upstream-registry/test-support'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { userToken } from './test-support/cli.ts'
import { testConfig } from './test-support/test-config.ts'

const PROXY = '/api/registry/public/v1/modules'
const METRICS_TOKEN = 'proxy-metrics-0123456789'

/**
 * The hosted edition's public-module proxy through the real server and the real upstream client,
 * against a public registry on loopback.
 */
describe('public module proxy, end to end', () => {
  let upstream: FakeUpstreamServer
  let server: RunningServer
  let token: string

  beforeAll(async () => {
    upstream = await startFakeUpstream()
    upstream.publish('terraform-aws-modules/vpc/aws', ['5.0.0', '5.1.0'])
    upstream.publish('terraform-aws-modules/iam/aws', ['5.2.0'])
    const env = {
      CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-proxy-')),
      PORT: '0',
      CAIRN_EDITION: 'hosted',
      CAIRN_UPSTREAM_REGISTRY_URL: upstream.url.href,
      CAIRN_UPSTREAM_TIMEOUT_MS: '200',
      CAIRN_METRICS_TOKEN: METRICS_TOKEN,
    }
    token = await userToken(env, 'owner')
    server = await startServer(testConfig(env))
    await call('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })
    for (const name of ['vpc', 'iam']) {
      await call('POST', '/api/v2/organizations/acme/registry-modules', {
        data: {
          type: 'registry-modules',
          attributes: { name, provider: 'aws', namespace: 'terraform-aws-modules', 'registry-name': 'public' },
        },
      })
    }
  }, 60_000)

  afterAll(async () => {
    await server.stop()
    await upstream.close()
  })

  function call(method: string, path: string, body?: unknown, bearer: string | null = token): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method,
      headers: { ...(bearer !== null && { Authorization: `Bearer ${bearer}` }), 'Content-Type': 'application/vnd.api+json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  }

  it('starts, and curates, without contacting the upstream', () => {
    expect(upstream.requests).toEqual([])
  })

  it('401 without a token; 404 for a module nobody curated, without contacting the upstream', async () => {
    expect((await call('GET', `${PROXY}/terraform-aws-modules/vpc/aws/versions`, undefined, null)).status).toBe(401)
    const response = await call('GET', `${PROXY}/terraform-aws-modules/s3-bucket/aws/versions`)
    expect(response.status).toBe(404)
    expect(upstream.requests).toEqual([])
  })

  it('200: versions, one version and the latest, passed through from the upstream', async () => {
    const versions = await call('GET', `${PROXY}/terraform-aws-modules/vpc/aws/versions`)
    expect(versions.status).toBe(200)
    expect(versions.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await versions.json()).toEqual({
      modules: [{ source: 'terraform-aws-modules/vpc/aws', versions: [{ version: '5.0.0' }, { version: '5.1.0' }] }],
    })
    expect(await (await call('GET', `${PROXY}/terraform-aws-modules/vpc/aws/5.0.0`)).json()).toMatchObject({
      version: '5.0.0',
      downloads: 42,
    })
    expect(await (await call('GET', `${PROXY}/terraform-aws-modules/vpc/aws`)).json()).toMatchObject({ version: '5.1.0' })
  })

  it("counts the upstream cache's hits and misses in the metrics", async () => {
    const lookups = async (result: string) => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text()
      const line = text
        .split('\n')
        .find((candidate) => candidate.startsWith(`cairn_cache_lookups_total{cache="upstream",result="${result}"} `))
      return Number(line?.split(' ')[1] ?? 0)
    }
    const [hits, misses] = [await lookups('hit'), await lookups('miss')]
    await call('GET', `${PROXY}/terraform-aws-modules/iam/aws/5.2.0`)
    await call('GET', `${PROXY}/terraform-aws-modules/iam/aws/5.2.0`)
    expect([(await lookups('hit')) - hits, (await lookups('miss')) - misses]).toEqual([1, 1])
  })

  it('502 and 504 with a JSON error object when the upstream fails or hangs', async () => {
    upstream.behaviour = 500
    const failed = await call('GET', `${PROXY}/terraform-aws-modules/iam/aws/versions`)
    expect(failed.status).toBe(502)
    expect(failed.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await failed.json()).toEqual({
      errors: [{ status: '502', title: 'bad gateway', detail: expect.stringContaining('answered 500') }],
    })
    upstream.behaviour = 'hang'
    const timedOut = await call('GET', `${PROXY}/terraform-aws-modules/iam/aws`)
    expect(timedOut.status).toBe(504)
    expect(await timedOut.json()).toEqual({
      errors: [{ status: '504', title: 'gateway timeout', detail: expect.stringContaining('in time') }],
    })
    upstream.behaviour = 'normal'
  })
})

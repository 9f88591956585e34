import { isCairnError, type ErrorCode } from '@cairn/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HttpUpstreamRegistry, type HttpUpstreamRegistryOptions } from './http-upstream-registry.ts'
import { startFakeUpstream, type FakeUpstreamServer } from './test-support/fake-upstream-server.ts'

const VPC = { namespace: 'terraform-aws-modules', name: 'vpc', provider: 'aws' }
const S3 = { namespace: 'terraform-aws-modules', name: 's3-bucket', provider: 'aws' }
const IAM = { namespace: 'terraform-aws-modules', name: 'iam', provider: 'aws' }
const DISCOVERY = '/.well-known/terraform.json'
const TIMEOUT_MS = 200

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!isCairnError(error)) throw new Error(`expected a CairnError, got ${String(error)}`)
  return error.code
}

describe('HttpUpstreamRegistry against a registry on loopback', () => {
  let upstream: FakeUpstreamServer

  beforeEach(async () => {
    upstream = await startFakeUpstream()
    upstream.publish('terraform-aws-modules/vpc/aws', ['5.0.0', '5.1.0'])
    upstream.publish('terraform-aws-modules/s3-bucket/aws', ['4.0.0'])
    upstream.publish('terraform-aws-modules/iam/aws', ['5.2.0'])
  })
  afterEach(() => upstream.close())

  function registry(options: Partial<HttpUpstreamRegistryOptions> = {}) {
    return new HttpUpstreamRegistry({
      url: upstream.url,
      timeoutMs: TIMEOUT_MS,
      cacheTtlMs: 60_000,
      cacheMaxBytes: 1024 * 1024,
      ...options,
    })
  }

  describe('the protocol', () => {
    it('finds modules.v1 through discovery, then lists the versions', async () => {
      expect(await registry().versions(VPC)).toEqual({
        modules: [{ source: 'terraform-aws-modules/vpc/aws', versions: [{ version: '5.0.0' }, { version: '5.1.0' }] }],
      })
      expect(upstream.requests).toEqual([DISCOVERY, '/v1/modules/terraform-aws-modules/vpc/aws/versions'])
    })

    it('gets one version and the latest, passing every field through', async () => {
      const client = registry()
      expect(await client.moduleVersion(VPC, '5.0.0')).toEqual({
        id: 'terraform-aws-modules/vpc/aws/5.0.0',
        version: '5.0.0',
        versions: ['5.0.0', '5.1.0'],
        downloads: 42,
      })
      expect(await client.latest(VPC)).toMatchObject({ version: '5.1.0' })
      expect(upstream.requests).toEqual([
        DISCOVERY,
        '/v1/modules/terraform-aws-modules/vpc/aws/5.0.0',
        '/v1/modules/terraform-aws-modules/vpc/aws',
      ])
    })

    it('resolves a relative modules.v1 without a trailing slash against the discovery document', async () => {
      upstream.modulesService = '../v1/modules'
      expect(await registry({ url: new URL('/some/path', upstream.url) }).latest(VPC)).toMatchObject({ version: '5.1.0' })
      expect(upstream.requests).toEqual([DISCOVERY, '/v1/modules/terraform-aws-modules/vpc/aws'])
    })

    it('not_found when the registry answers 404, for a module or a version', async () => {
      const client = registry()
      expect(await codeOf(client.versions({ ...VPC, name: 'nothing' }))).toBe('not_found')
      expect(await codeOf(client.moduleVersion(VPC, '9.9.9'))).toBe('not_found')
    })

    it('upstream_failed when the host offers no modules service (discovery 404)', async () => {
      upstream.modulesService = undefined
      expect(await codeOf(registry().versions(VPC))).toBe('upstream_failed')
    })
  })

  describe('the cache', () => {
    it('answers a repeated question from memory, and asks for discovery only once', async () => {
      const client = registry()
      await client.versions(VPC)
      await client.versions(VPC)
      await client.versions(S3)
      expect(upstream.requests).toEqual([
        DISCOVERY,
        '/v1/modules/terraform-aws-modules/vpc/aws/versions',
        '/v1/modules/terraform-aws-modules/s3-bucket/aws/versions',
      ])
    })

    it('tells how many questions were answered without a new request, and what the answers kept weigh', async () => {
      const client = registry()
      await client.versions(VPC)
      await client.versions(VPC)
      await Promise.all([client.latest(VPC), client.latest(VPC)])
      expect(client.cacheTally).toMatchObject({ hits: 2, misses: 2, evictions: 0, maxBytes: 1024 * 1024 })
      expect(client.cacheTally.bytes).toBeGreaterThan(0)
    })

    it('shares one request among concurrent identical questions', async () => {
      const client = registry()
      await Promise.all([client.latest(VPC), client.latest(VPC), client.latest(VPC)])
      expect(upstream.requests.filter((path) => path.endsWith('/vpc/aws'))).toHaveLength(1)
    })

    it('asks again once the time to live has passed', async () => {
      const client = registry({ cacheTtlMs: 50 })
      await client.versions(VPC)
      await sleep(120)
      await client.versions(VPC)
      expect(upstream.requests.filter((path) => path.endsWith('/versions'))).toHaveLength(2)
    })

    it('is bounded by bytes: past its size, the least recently used answer is dropped', async () => {
      // Room for two answers of versions (about 250 bytes of heap each), not three.
      const client = registry({ cacheMaxBytes: 600 })
      await client.versions(VPC)
      await client.versions(S3)
      await client.versions(IAM)
      await client.versions(IAM)
      await client.versions(VPC)
      expect(upstream.requests.filter((path) => path.includes('/vpc/'))).toHaveLength(2)
      expect(upstream.requests.filter((path) => path.includes('/iam/'))).toHaveLength(1)
      expect(client.cacheTally.evictions).toBe(2)
      expect(client.cacheTally.bytes).toBeLessThanOrEqual(600)
    })

    it('answers every concurrent question even when the cache is too small to hold them all', async () => {
      const client = registry({ cacheMaxBytes: 300 })
      const answers = await Promise.all([client.versions(VPC), client.versions(S3), client.versions(IAM)])
      expect(answers.map((answer) => answer.modules[0]?.versions.length)).toEqual([2, 1, 1])
    })

    it('keeps no failure: the next question asks again', async () => {
      const client = registry()
      await client.latest(S3)
      upstream.behaviour = 500
      expect(await codeOf(client.versions(VPC))).toBe('upstream_failed')
      upstream.behaviour = 'normal'
      expect(await client.versions(VPC)).toMatchObject({ modules: [{ versions: [{ version: '5.0.0' }, { version: '5.1.0' }] }] })
    })
  })

  describe('failures', () => {
    it.each([500, 503] as const)('upstream_failed when the registry answers %d', async (status) => {
      upstream.behaviour = status
      const client = registry()
      expect(await codeOf(client.versions(VPC))).toBe('upstream_failed')
    })

    it('upstream_failed when a module answer is not JSON', async () => {
      const client = registry()
      await client.latest(S3)
      upstream.behaviour = 'bad-json'
      expect(await codeOf(client.versions(VPC))).toBe('upstream_failed')
    })

    it('upstream_failed when a module answer is JSON but not the protocol', async () => {
      // Asking for "version" `versions` gets the list of versions where a single version is expected.
      expect(await codeOf(registry().moduleVersion(VPC, 'versions'))).toBe('upstream_failed')
    })

    it('upstream_timeout when the registry does not answer in time, without waiting much longer', async () => {
      const client = registry()
      await client.latest(S3)
      upstream.behaviour = 'hang'
      const started = performance.now()
      expect(await codeOf(client.versions(VPC))).toBe('upstream_timeout')
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 5)
    })

    it('upstream_timeout when discovery itself hangs', async () => {
      upstream.behaviour = 'hang'
      expect(await codeOf(registry().latest(VPC))).toBe('upstream_timeout')
    })

    it('upstream_failed when nothing listens there', async () => {
      const url = upstream.url
      await upstream.close()
      expect(await codeOf(registry({ url }).versions(VPC))).toBe('upstream_failed')
      upstream = await startFakeUpstream()
    })
  })
})

import { upstreamRegistryContract, type UpstreamBehaviour } from '@cairn/testing/contracts'
import { HttpUpstreamRegistry } from './http-upstream-registry.ts'
import { startFakeUpstream, type FakeUpstreamBehaviour } from './test-support/fake-upstream-server.ts'

const BEHAVIOURS: Readonly<Record<UpstreamBehaviour, FakeUpstreamBehaviour>> = {
  normal: 'normal',
  'error status': 500,
  'not json': 'bad-json',
  'too slowly': 'hang',
}

upstreamRegistryContract('HTTP, against a registry on loopback', async () => {
  const server = await startFakeUpstream()
  return {
    registry: new HttpUpstreamRegistry({ url: server.url, timeoutMs: 200, cacheTtlMs: 60_000, cacheMaxBytes: 1024 * 1024 }),
    publish: (address, versions) => server.publish(address, versions),
    answer: (behaviour) => void (server.behaviour = BEHAVIOURS[behaviour]),
    dispose: () => server.close(),
  }
})

import { CairnError } from '@cairn/core'
import { upstreamRegistryContract } from '../contracts/index.ts'
import { FakeUpstreamRegistry } from './fake-upstream-registry.ts'

const FAILURES = {
  normal: undefined,
  'error status': new CairnError('upstream_failed', 'the public registry answered 500'),
  'not json': new CairnError('upstream_failed', 'the public registry answered what is not JSON'),
  'too slowly': new CairnError('upstream_timeout', 'the public registry did not answer in time'),
}

upstreamRegistryContract('fake', async () => {
  const registry = new FakeUpstreamRegistry()
  return {
    registry,
    publish: (address, versions) => registry.publish(address, versions),
    answer: (behaviour) => void (registry.failure = FAILURES[behaviour]),
    async dispose() {},
  }
})

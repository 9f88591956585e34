import { HttpProviderOrigin } from '@cairn/upstream-registry'
import { providerOriginContract } from '@cairn/testing/contracts'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { describe } from 'vitest'
import { fakeProviderBuild } from './test-support/fake-provider-build.ts'
import { startFakeProviderOrigin } from './test-support/fake-provider-origin.ts'
import { makeProviderRelease, whyNoProviderRelease } from './test-support/provider-release.ts'
import { makeThrowawayCa } from './test-support/throwaway-ca.ts'
import { throwawayGpgKey } from './test-support/throwaway-gpg-key.ts'

// A fake build needs no Go: only gpg and zip.
const why = whyNoProviderRelease('not needed')

describe.skipIf(why !== undefined)('the HTTP provider origin against a fake origin registry over HTTPS', () => {
  providerOriginContract('HttpProviderOrigin', async () => {
    const ca = await makeThrowawayCa(['localhost'])
    setDefaultCACertificates([...getCACertificates('default'), await readFile(ca.caFile, 'utf8')])
    const key = await throwawayGpgKey()
    const release = await makeProviderRelease({
      binary: await fakeProviderBuild(),
      namespace: 'hashicorp',
      type: 'demo',
      version: '1.2.3',
      key,
    })
    const fake = await startFakeProviderOrigin(ca, [release], key.armoredPublicKey)
    const platform = release.platforms[0]
    if (platform === undefined) throw new Error('the release has no platform')
    return {
      origin: new HttpProviderOrigin({ timeoutMs: 500, archiveTimeoutMs: 500 }),
      published: {
        hostname: fake.hostname,
        namespace: 'hashicorp',
        type: 'demo',
        version: '1.2.3',
        os: platform.os,
        arch: platform.arch,
        filename: platform.filename,
        sha256: platform.shasum,
        zip: await readFile(join(release.dir, platform.filename)),
      },
      behave(behaviour) {
        fake.behaviour = behaviour === 'failing' ? 500 : behaviour === 'hanging' ? 'hang' : 'normal'
      },
      async dispose() {
        await fake.close()
        await Promise.all([release.dispose(), key.dispose(), ca.dispose()])
      },
    }
  })
})

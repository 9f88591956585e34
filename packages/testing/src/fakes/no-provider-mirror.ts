import { CairnError, IMPORT_ONLY_MIRROR, type MirrorHolding, type OriginOffer, type ProviderMirrorDeps } from '@cairn/core'
import { InMemoryExpiringCache } from '@cairn/memory'

const absent = (what: string) => () => {
  throw new CairnError('unavailable', `the in-memory deps have no ${what}: the provider mirror's tests run on the real adapters`)
}

/**
 * The provider mirror's ports for the in-memory deps: a mirror that reads no package and reaches
 * no origin. Its tests run on the real reader (a zip's h1 is only worth checking as the CLI
 * computes it) against a fake origin over HTTPS, in apps/server.
 */
export function noProviderMirror(): Pick<
  ProviderMirrorDeps,
  'providerPackages' | 'providerOrigin' | 'originCache' | 'mirrorCache' | 'mirrorPolicy' | 'maxMirrorArchiveBytes'
> {
  return {
    providerPackages: { h1Of: absent('provider package reader'), filesOf: absent('provider package reader') },
    providerOrigin: { versions: absent('provider origin'), package: absent('provider origin'), zip: absent('provider origin') },
    originCache: new InMemoryExpiringCache<OriginOffer>(),
    mirrorCache: new InMemoryExpiringCache<MirrorHolding>(),
    mirrorPolicy: IMPORT_ONLY_MIRROR,
    maxMirrorArchiveBytes: 1024 * 1024,
  }
}

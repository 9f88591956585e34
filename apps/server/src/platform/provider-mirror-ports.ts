import type { ProviderMirrorDeps } from '@cairn/core'
import { TarZipProviderPackageReader } from '@cairn/module-analyzer'
import { HttpProviderOrigin } from '@cairn/upstream-registry'
import type { ResolvedOptions } from '../embed/resolved-options.ts'

/** The provider mirror's own ports and settings, from the options. */
export function providerMirrorPorts(
  options: ResolvedOptions,
): Pick<ProviderMirrorDeps, 'providerPackages' | 'providerOrigin' | 'mirrorPolicy' | 'maxMirrorArchiveBytes'> {
  const { readers, allow, deny, pullThrough, timeoutMs, archiveTimeoutMs, maxArchiveBytes } = options.providerMirror
  return {
    providerPackages: new TarZipProviderPackageReader(),
    providerOrigin: new HttpProviderOrigin({ timeoutMs, archiveTimeoutMs }),
    mirrorPolicy: { readers, allow, deny, pullThrough },
    maxMirrorArchiveBytes: maxArchiveBytes,
  }
}

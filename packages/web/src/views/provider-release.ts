import type { ProviderPlatform, ProviderVersionView } from '@cairn/core'
import semver from 'semver'

/**
 * The platforms of a version that `terraform init` can install, as the protocol offers them:
 * those whose zip is in, and none at all until SHA256SUMS and its verified signature are in.
 */
export function installablePlatforms(view: ProviderVersionView): readonly ProviderPlatform[] {
  if (view.version.shasums === null || !view.version.shasumsSignatureUploaded) return []
  return view.platforms.filter((platform) => platform.binaryUploaded)
}

/** Versions by their number, the highest first: the order `version` constraints pick in, not the order of publishing. */
export function newestFirst(views: readonly ProviderVersionView[]): ProviderVersionView[] {
  return [...views].sort((a, b) => semver.rcompare(a.version.version, b.version.version))
}

/** The highest version the CLI can install; undefined when none can be. */
export function latestInstallable(views: readonly ProviderVersionView[]): ProviderVersionView | undefined {
  return newestFirst(views).find((view) => installablePlatforms(view).length > 0)
}

/** How often the protocol handed out the versions' zips, all platforms together. */
export function downloadsOf(views: readonly ProviderVersionView[]): number {
  return views.reduce((sum, view) => sum + view.platforms.reduce((count, platform) => count + platform.downloads, 0), 0)
}

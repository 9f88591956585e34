import { installablePlatforms as installableOf, type ProviderPlatform, type ProviderVersionView } from '@cairn/core'

/** The platforms of a version that `terraform init` can install, as the protocol offers them. */
export function installablePlatforms(view: ProviderVersionView): readonly ProviderPlatform[] {
  return installableOf(view.version, view.platforms)
}

/** The highest version the CLI can install (versions come highest first); undefined when none can be. */
export function latestInstallable(views: readonly ProviderVersionView[]): ProviderVersionView | undefined {
  return views.find((view) => installablePlatforms(view).length > 0)
}

/** How often the protocol handed out the versions' zips, all platforms together. */
export function downloadsOf(views: readonly ProviderVersionView[]): number {
  return views.reduce((sum, view) => sum + view.platforms.reduce((count, platform) => count + platform.downloads, 0), 0)
}

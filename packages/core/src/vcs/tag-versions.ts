import semver from 'semver'
import type { VcsRef } from '../ports/vcs-client.ts'

/** A tag that publishes a version. */
export interface TagVersion {
  /** Normalised semver, as versions are stored. */
  readonly version: string
  readonly tag: string
  readonly commitSha: string
}

/**
 * The versions a tag-based module publishes: tags carrying `tagPrefix` (when given), that with the
 * prefix and an optional `v` stripped are semver; other tags are ignored. Two tags naming one
 * version (`v1.0.0` and `1.0.0`) publish it once, from the tag first in byte order, so every
 * process picks the same. Ordered by version.
 */
export function tagVersions(tags: readonly VcsRef[], tagPrefix = ''): TagVersion[] {
  const byVersion = new Map<string, TagVersion>()
  for (const { name, commitSha } of [...tags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!name.startsWith(tagPrefix)) continue
    const parsed = semver.parse(name.slice(tagPrefix.length).replace(/^v/, ''))
    if (parsed === null) continue
    const version = parsed.build.length === 0 ? parsed.version : `${parsed.version}+${parsed.build.join('.')}`
    if (!byVersion.has(version)) byVersion.set(version, { version, tag: name, commitSha })
  }
  return [...byVersion.values()].sort((a, b) => semver.compare(a.version, b.version))
}

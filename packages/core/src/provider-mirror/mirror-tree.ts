import { CairnError } from '../errors/cairn-error.ts'
import type { MirroredProviderAddress } from './mirrored-archive.ts'

/** One archive a `<version>.json` of a `terraform providers mirror` tree lists. */
export interface TreeArchive extends MirroredProviderAddress {
  readonly version: string
  readonly os: string
  readonly arch: string
  /** The zip's path in the tree, its `url` resolved against the JSON's folder. */
  readonly path: string
  readonly hashes: readonly string[]
}

const VERSION_FILE = /^([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\.json$/
const PLATFORM = /^([a-z0-9]+)_([a-z0-9]+)$/

const refuse = (message: string) => CairnError.invalidField('archive', message)

/** The version of `path` when it is a tree's `<hostname>/<namespace>/<type>/<version>.json` (not `index.json`); undefined otherwise. */
export function isVersionFile(path: string): boolean {
  const match = VERSION_FILE.exec(path)
  return match !== null && match[4] !== 'index'
}

/**
 * The archives a `<version>.json` lists, as `terraform providers mirror` writes it:
 * `{"archives":{"linux_amd64":{"url":"…zip","hashes":["h1:…"]}}}`, the URL relative to the file.
 * Raises `invalid` on `archive` naming the file when it is not that.
 */
export function treeArchivesOf(path: string, text: string): TreeArchive[] {
  const [, hostname = '', namespace = '', type = '', version = ''] = VERSION_FILE.exec(path) ?? []
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    throw refuse(`has ${path}, which is not JSON`)
  }
  const archives = (document as { archives?: unknown } | null)?.archives
  if (typeof archives !== 'object' || archives === null) throw refuse(`has ${path} without "archives"`)
  return Object.entries(archives).map(([platform, entry]) => {
    const [, os, arch] = PLATFORM.exec(platform) ?? []
    const { url, hashes } = (entry ?? {}) as { url?: unknown; hashes?: unknown }
    if (os === undefined || arch === undefined || typeof url !== 'string') throw refuse(`has ${path} whose ${platform} is not {"url": …}`)
    const listed = Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string') : []
    return { hostname, namespace, type, version, os, arch, path: resolvedIn(path, url), hashes: listed }
  })
}

/** `url` relative to the folder of `path`, as a path in the tree; refused when it leaves the tree or is absolute. */
function resolvedIn(path: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:|^\//i.test(url)) throw refuse(`has ${path} pointing out of the tree (${url})`)
  const segments = path.split('/').slice(0, -1)
  for (const segment of decodeURIComponent(url).split('/')) {
    if (segment === '..') {
      if (segments.pop() === undefined) throw refuse(`has ${path} pointing out of the tree (${url})`)
    } else if (segment !== '.' && segment !== '') segments.push(segment)
  }
  return segments.join('/')
}

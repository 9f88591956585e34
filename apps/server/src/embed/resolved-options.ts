import { EDITIONS } from '@cairn/core'
import { PUBLIC_TERRAFORM_REGISTRY } from '@cairn/upstream-registry'
import { allowedHostProblem } from '@cairn/vcs-git'
import { createPrivateKey, randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError } from '../config-error.ts'
import { LOG_LEVELS } from '../platform/logger.ts'
import { isAcceptableMetricsToken } from '../platform/metrics-token.ts'
import { signingKey } from '../platform/signing-key.ts'
import type {
  CairnArchiveLimits,
  CairnGithubAppOptions,
  CairnOptions,
  CairnStoreOptions,
  CairnUpstreamRegistryOptions,
  CairnVcsOptions,
} from './cairn-options.ts'

const MiB = 1024 * 1024

/**
 * `CairnOptions` as the wiring reads them: checked, every default filled in, every address
 * parsed. Not a configuration of its own but `CairnOptions` itself, narrowed: the same fields
 * under the same names, so whatever an embedder can set reaches the wiring as they set it, and
 * each default is decided once, here, rather than wherever the value is read.
 */
export type ResolvedOptions = CairnOptions &
  Required<
    Pick<
      CairnOptions,
      'blobs' | 'edition' | 'basePath' | 'signingKey' | 'immutableVersions' | 'logLevel' | 'iactTimeLimitMinutes' | 'webUi'
    >
  > & {
    readonly baseUrl?: URL
    readonly uploadUrl?: URL
    readonly limits: Required<CairnArchiveLimits>
    readonly upstreamRegistry: Required<CairnUpstreamRegistryOptions> & { readonly url: URL }
    readonly vcs: CairnVcsOptions &
      Required<Pick<CairnVcsOptions, 'cacheDir' | 'pollIntervalSeconds' | 'allowedHosts'>> & {
        readonly githubApp?: Required<CairnGithubAppOptions>
      }
  }

/** Checks the options and fills in their defaults, naming every problem at once in a `ConfigError`. */
export function resolveOptions(options: CairnOptions): ResolvedOptions {
  const problems: string[] = []
  const { baseUrl: givenBaseUrl, uploadUrl: givenUploadUrl, ...given } = options
  const store = checkStore(options.store, problems)
  const blobs = options.blobs ?? defaultBlobs(store, problems)
  const edition = options.edition ?? 'self-hosted'
  if (!EDITIONS.includes(edition)) problems.push(`edition must be one of ${EDITIONS.join(', ')}`)
  const basePath = checkBasePath(options.basePath ?? '', problems)
  checkSigningKey(options.signingKey, store, problems)
  const logLevel = options.logLevel ?? 'warn'
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`logLevel must be one of ${LOG_LEVELS.join(', ')}`)
  if (options.metricsToken !== undefined && !isAcceptableMetricsToken(options.metricsToken)) {
    problems.push('metricsToken must be at least 16 printable characters without spaces')
  }
  const webUi = options.webUi ?? false
  // The UI's pages and assets link from the root (`/app/…`).
  if (webUi && basePath !== '') problems.push('webUi cannot be served under a basePath')
  const baseUrl = httpUrl('baseUrl', givenBaseUrl, problems)
  const uploadUrl = httpUrl('uploadUrl', givenUploadUrl, problems)
  const resolved = {
    ...given,
    blobs,
    edition,
    basePath,
    ...(baseUrl !== undefined && { baseUrl }),
    ...(uploadUrl !== undefined && { uploadUrl }),
    immutableVersions: options.immutableVersions ?? false,
    limits: archiveLimits(options.limits, problems),
    upstreamRegistry: upstreamRegistry(options.upstreamRegistry, problems),
    logLevel,
    iactTimeLimitMinutes: positive('iactTimeLimitMinutes', options.iactTimeLimitMinutes ?? 60, problems),
    vcs: vcsOptions(options.vcs, store, problems),
    webUi,
  }
  if (store === undefined || problems.length > 0) throw new ConfigError(`invalid Cairn options:\n  ${problems.join('\n  ')}`)
  return { ...resolved, store, signingKey: options.signingKey ?? generatedSigningKey(store) }
}

function checkStore(store: CairnStoreOptions | undefined, problems: string[]): CairnStoreOptions | undefined {
  switch (store?.kind) {
    case 'memory':
      return store
    case 'embedded':
      if (typeof store.dataDir !== 'string' || store.dataDir === '') problems.push('store.dataDir must be a directory path')
      return store
    case 'postgres':
      if (!/^postgres(ql)?:\/\//.test(store.url)) problems.push('store.url must be a postgres:// or postgresql:// URL')
      return store
    case 'mikro-orm':
      if (typeof store.orm !== 'object' || store.orm === null) problems.push('store.orm must be a MikroORM instance')
      return store
    default:
      problems.push(
        'store must be { kind: "memory" }, { kind: "embedded", dataDir }, { kind: "postgres", url } or { kind: "mikro-orm", orm }',
      )
      return undefined
  }
}

function checkBasePath(basePath: string, problems: string[]): string {
  if (basePath !== '' && !/^(\/[\w.~-]+)+$/.test(basePath)) {
    problems.push(`basePath must be empty or like "/registry", with no trailing slash (got "${basePath}")`)
  }
  return basePath
}

/** A key to share: every instance on one database must sign links alike, so none can make its own. */
function checkSigningKey(key: string | undefined, store: CairnStoreOptions | undefined, problems: string[]): void {
  if (key !== undefined && key.length < 32) problems.push('signingKey must be at least 32 characters')
  if (key === undefined && (store?.kind === 'postgres' || store?.kind === 'mikro-orm')) {
    problems.push(`signingKey is required with a ${store.kind} store: every instance sharing the database must sign links alike`)
  }
}

function defaultBlobs(store: CairnStoreOptions | undefined, problems: string[]): ResolvedOptions['blobs'] {
  if (store?.kind === 'embedded') return { kind: 'filesystem', root: join(store.dataDir, 'blobs') }
  if (store?.kind === 'postgres' || store?.kind === 'mikro-orm')
    problems.push(`blobs is required with a ${store.kind} store (filesystem or s3)`)
  return { kind: 'memory' }
}

/** An embedded store keeps its key beside the data, so links survive a restart; a memory store's die with it. */
function generatedSigningKey(store: CairnStoreOptions): string {
  return store.kind === 'embedded' ? signingKey(undefined, store.dataDir) : randomBytes(32).toString('base64url')
}

function archiveLimits(limits: CairnArchiveLimits | undefined, problems: string[]): Required<CairnArchiveLimits> {
  const limit = (name: keyof CairnArchiveLimits, fallback: number) => positive(`limits.${name}`, limits?.[name] ?? fallback, problems)
  return {
    maxArchiveBytes: limit('maxArchiveBytes', 256 * MiB),
    maxTotalBytes: limit('maxTotalBytes', 1024 * MiB),
    maxEntries: limit('maxEntries', 10_000),
    maxEntryBytes: limit('maxEntryBytes', 16 * MiB),
  }
}

function upstreamRegistry(upstream: CairnUpstreamRegistryOptions | undefined, problems: string[]): ResolvedOptions['upstreamRegistry'] {
  return {
    url: httpUrl('upstreamRegistry.url', upstream?.url, problems) ?? new URL(PUBLIC_TERRAFORM_REGISTRY),
    timeoutMs: positive('upstreamRegistry.timeoutMs', upstream?.timeoutMs ?? 10_000, problems),
    cacheTtlMs: positive('upstreamRegistry.cacheTtlMs', upstream?.cacheTtlMs ?? 300_000, problems),
  }
}

function vcsOptions(vcs: CairnVcsOptions | undefined, store: CairnStoreOptions | undefined, problems: string[]): ResolvedOptions['vcs'] {
  const pollIntervalSeconds = vcs?.pollIntervalSeconds ?? 300
  if (!Number.isSafeInteger(pollIntervalSeconds) || pollIntervalSeconds < 0) {
    problems.push(`vcs.pollIntervalSeconds must be a whole number, 0 or more (got ${pollIntervalSeconds})`)
  }
  if (vcs?.encryptionKey !== undefined && Buffer.from(vcs.encryptionKey, 'base64').length !== 32) {
    problems.push('vcs.encryptionKey must be 32 bytes in base64 (openssl rand -base64 32)')
  }
  const { githubApp: givenGithubApp, ...given } = vcs ?? {}
  const githubApp = githubAppOptions(givenGithubApp, problems)
  return {
    ...given,
    cacheDir: vcs?.cacheDir ?? defaultVcsCacheDir(store),
    pollIntervalSeconds,
    ...(githubApp !== undefined && { githubApp }),
    allowedHosts: allowedHosts(vcs?.allowedHosts, problems),
  }
}

/** Each entry a host name, `host:port` or CIDR range; the bad ones named. */
function allowedHosts(entries: readonly string[] | undefined, problems: string[]): readonly string[] {
  if (entries === undefined) return []
  if (!Array.isArray(entries)) {
    problems.push('vcs.allowedHosts must be an array of host names, host:port pairs and CIDR ranges')
    return []
  }
  entries.forEach((entry: unknown, index) => {
    const problem = typeof entry === 'string' ? allowedHostProblem(entry) : 'must be a string'
    if (problem !== undefined) problems.push(`vcs.allowedHosts[${index}] ${problem} (got ${JSON.stringify(entry)})`)
  })
  return entries.map((entry) => String(entry).trim())
}

/** The app with its addresses defaulted; a key that is not a private key is named, never shown. */
function githubAppOptions(app: CairnGithubAppOptions | undefined, problems: string[]): Required<CairnGithubAppOptions> | undefined {
  if (app === undefined) return undefined
  if (!/^\d+$/.test(app.appId)) problems.push('vcs.githubApp.appId must be the numeric App ID GitHub shows')
  try {
    createPrivateKey(app.privateKey)
  } catch {
    problems.push('vcs.githubApp.privateKey must be a PEM private key (the .pem file GitHub generates)')
  }
  // As given: the GitHub App client drops a trailing `/`.
  const address = (name: string, value: string) => httpUrl(`vcs.githubApp.${name}`, value, problems)?.href ?? value
  return {
    appId: app.appId,
    privateKey: app.privateKey,
    apiUrl: address('apiUrl', app.apiUrl ?? 'https://api.github.com'),
    webUrl: address('webUrl', app.webUrl ?? 'https://github.com'),
  }
}

/** Beside an embedded store's data; else a directory of this process's own, the mirrors being a cache. */
function defaultVcsCacheDir(store: CairnStoreOptions | undefined): string {
  return store?.kind === 'embedded' ? join(store.dataDir, 'vcs-cache') : join(tmpdir(), `cairn-vcs-cache-${process.pid}`)
}

function positive(name: string, value: number, problems: string[]): number {
  if (!Number.isSafeInteger(value) || value < 1) problems.push(`${name} must be a positive whole number (got ${value})`)
  return value
}

function httpUrl(name: string, value: string | URL | undefined, problems: string[]): URL | undefined {
  if (value === undefined) return undefined
  const url = URL.parse(String(value))
  if (url === null || !/^https?:$/.test(url.protocol)) {
    problems.push(`${name} must be an absolute http or https URL (got "${String(value)}")`)
    return undefined
  }
  return url
}

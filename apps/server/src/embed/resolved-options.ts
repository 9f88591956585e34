import { PUBLIC_TERRAFORM_REGISTRY } from '@cairn/upstream-registry'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError } from '../config-error.ts'
import { signingKey } from '../platform/signing-key.ts'
import type {
  CairnArchiveLimits,
  CairnGithubAppOptions,
  CairnOptions,
  CairnStoreOptions,
  CairnProviderMirrorOptions,
  CairnUpstreamRegistryOptions,
  CairnVcsOptions,
} from './cairn-options.ts'
import { optionProblems } from './option-problems.ts'

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
    readonly providerMirror: Required<CairnProviderMirrorOptions>
    readonly vcs: CairnVcsOptions &
      Required<Pick<CairnVcsOptions, 'cacheDir' | 'pollIntervalSeconds' | 'allowedHosts'>> & {
        readonly githubApp?: Required<CairnGithubAppOptions>
      }
  }

/**
 * Checks the options (`optionProblems`: every one at fault named at once, in a `ConfigError`) and
 * fills in their defaults. Checked at run time, whatever the compiler said: a JavaScript caller may pass anything.
 */
export function resolveOptions(options: CairnOptions): ResolvedOptions {
  const problems = optionProblems(options)
  if (problems.length > 0) throw new ConfigError(`invalid Cairn options:\n  ${problems.join('\n  ')}`)
  const { baseUrl, uploadUrl, store, ...given } = options
  return {
    ...given,
    store,
    blobs: options.blobs ?? defaultBlobs(store),
    edition: options.edition ?? 'self-hosted',
    basePath: options.basePath ?? '',
    ...(baseUrl !== undefined && { baseUrl: new URL(baseUrl) }),
    ...(uploadUrl !== undefined && { uploadUrl: new URL(uploadUrl) }),
    signingKey: options.signingKey ?? generatedSigningKey(store),
    immutableVersions: options.immutableVersions ?? false,
    limits: {
      maxArchiveBytes: options.limits?.maxArchiveBytes ?? 256 * MiB,
      maxTotalBytes: options.limits?.maxTotalBytes ?? 1024 * MiB,
      maxEntries: options.limits?.maxEntries ?? 10_000,
      maxEntryBytes: options.limits?.maxEntryBytes ?? 16 * MiB,
    },
    upstreamRegistry: {
      url: new URL(options.upstreamRegistry?.url ?? PUBLIC_TERRAFORM_REGISTRY),
      timeoutMs: options.upstreamRegistry?.timeoutMs ?? 10_000,
      cacheTtlMs: options.upstreamRegistry?.cacheTtlMs ?? 300_000,
    },
    providerMirror: {
      readers: options.providerMirror?.readers ?? '*',
      allow: options.providerMirror?.allow ?? ['*/*/*'],
      deny: options.providerMirror?.deny ?? [],
      pullThrough: options.providerMirror?.pullThrough ?? false,
      timeoutMs: options.providerMirror?.timeoutMs ?? 10_000,
      archiveTimeoutMs: options.providerMirror?.archiveTimeoutMs ?? 600_000,
      maxArchiveBytes: options.providerMirror?.maxArchiveBytes ?? 1024 * MiB,
    },
    logLevel: options.logLevel ?? 'warn',
    iactTimeLimitMinutes: options.iactTimeLimitMinutes ?? 60,
    vcs: vcsOptions(options.vcs, store),
    webUi: options.webUi ?? false,
  }
}

/** Memory for a memory store; the data directory's for an embedded one; the others are required to name theirs. */
function defaultBlobs(store: CairnStoreOptions): ResolvedOptions['blobs'] {
  return store.kind === 'embedded' ? { kind: 'filesystem', root: join(store.dataDir, 'blobs') } : { kind: 'memory' }
}

/** An embedded store keeps its key beside the data, so links survive a restart; a memory store's die with it. */
function generatedSigningKey(store: CairnStoreOptions): string {
  return store.kind === 'embedded' ? signingKey(undefined, store.dataDir) : randomBytes(32).toString('base64url')
}

function vcsOptions(vcs: CairnVcsOptions | undefined, store: CairnStoreOptions): ResolvedOptions['vcs'] {
  const { githubApp, ...given } = vcs ?? {}
  return {
    ...given,
    cacheDir: vcs?.cacheDir ?? defaultVcsCacheDir(store),
    pollIntervalSeconds: vcs?.pollIntervalSeconds ?? 300,
    ...(githubApp !== undefined && { githubApp: githubAppOptions(githubApp) }),
    allowedHosts: (vcs?.allowedHosts ?? []).map((entry) => entry.trim()),
  }
}

/** The app with its addresses defaulted; as given otherwise (the GitHub App client drops a trailing `/`). */
function githubAppOptions(app: CairnGithubAppOptions): Required<CairnGithubAppOptions> {
  return {
    appId: app.appId,
    privateKey: app.privateKey,
    apiUrl: new URL(app.apiUrl ?? 'https://api.github.com').href,
    webUrl: new URL(app.webUrl ?? 'https://github.com').href,
  }
}

/** Beside an embedded store's data; else a directory of this process's own, the mirrors being a cache. */
function defaultVcsCacheDir(store: CairnStoreOptions): string {
  return store.kind === 'embedded' ? join(store.dataDir, 'vcs-cache') : join(tmpdir(), `cairn-vcs-cache-${process.pid}`)
}

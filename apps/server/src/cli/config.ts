import { EDITIONS, type Edition } from '@cairn/core'
import { PUBLIC_TERRAFORM_REGISTRY } from '@cairn/upstream-registry'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError } from '../config-error.ts'
import type { CairnArchiveLimits, CairnBlobOptions, CairnGithubAppOptions, CairnProviderMirrorOptions } from '../embed/cairn-options.ts'
import { DEFAULT_CACHE_MAX_BYTES } from '../platform/cache-budget.ts'
import { LOG_LEVELS, type LogLevel } from '../platform/logger.ts'
import { isAcceptableMetricsToken } from '../platform/metrics-token.ts'
import { EnvironmentReader, type Env } from './environment-reader.ts'

const MiB = 1024 * 1024

/** Publishing from git. */
export interface VcsConfig {
  /** Where bare mirrors of the repositories are fetched into. */
  readonly cacheDir: string
  /** Every VCS module is synced about this often (jittered), in case a webhook was missed; 0 turns the poll off. */
  readonly pollIntervalSeconds: number
  /** The site's GitHub App, for modules published through its installations; none when unset. */
  readonly githubApp: Required<CairnGithubAppOptions> | undefined
  /** Host names, `host:port` pairs and CIDR ranges the git client may reach although they are internal (loopback, private, link-local). */
  readonly allowedHosts: readonly string[]
}

/** PEM files that make the server listen with TLS. */
export interface TlsConfig {
  readonly certFile: string
  readonly keyFile: string
}

/** Which address a request counts as coming from, and who may bootstrap the first administrator. */
export interface ClientsConfig {
  /** Reverse proxies (addresses, CIDR ranges) whose `X-Forwarded-For` is believed; none by default. */
  readonly trustedProxies: readonly string[]
  /** Beside loopback, the addresses and ranges that may read and use the IACT (TFE's `iact-subnet-list`). */
  readonly iactSubnets: readonly string[]
  /** How long an IACT works after it was issued (TFE's `iact-time-limit`), in minutes. */
  readonly iactTimeLimitMinutes: number
}

/**
 * What the environment says, checked, with the standalone server's defaults: the first of the
 * two configuration shapes, read by the CLI only. `standaloneOptions` turns it into the second,
 * the `CairnOptions` every host gives `createCairn`; what only a server has (the port, TLS, the
 * clients' addresses) stays here.
 */
export interface Config {
  readonly port: number
  /** HTTPS on `port` when set; the CLI refuses plain HTTP for registry hosts. */
  readonly tls: TlsConfig | undefined
  /** Where the embedded database, the archives (by default) and the signing key live. */
  readonly dataDir: string
  /** PostgreSQL instead of the embedded PGlite, when set. */
  readonly databaseUrl: string | undefined
  /**
   * The schema of Cairn's tables in that database (`CAIRN_DATABASE_SCHEMA`). `public` by default,
   * where every installation's data has been (its job queue then in `pgboss`); not the embedded
   * default (`cairn`), so that an upgrade finds its data where it was.
   */
  readonly databaseSchema: string
  readonly baseUrl: URL | undefined
  /** `{upload_url}`: where upload links point; the base URL (or the request's) when unset. */
  readonly uploadUrl: URL | undefined
  readonly edition: Edition
  /** Refuse a new archive for a version that is `ok` (409), instead of replacing it as TFE does. */
  readonly immutableVersions: boolean
  /** What the registry protocol answers a module download with (`CairnOptions.moduleDownloads`). */
  readonly moduleDownloads: 'archive' | 'oci'
  /** Serve the web UI at `/app/`; `CAIRN_WEB_UI=false` for API-only installations. */
  readonly webUi: boolean
  /** Signs upload and download links; generated into the data directory when unset. */
  readonly signingKey: string | undefined
  /** Seals VCS credentials (32 bytes, base64); derived from the signing key when unset. */
  readonly vcsEncryptionKey: string | undefined
  /** Where module archives are kept: a directory (the default), or an S3-compatible bucket. */
  readonly blobs: Extract<CairnBlobOptions, { kind: 'filesystem' | 's3' }>
  readonly archiveLimits: Required<CairnArchiveLimits>
  /** The public registry that curated public modules are proxied to (hosted edition). */
  readonly upstreamRegistry: { readonly url: URL; readonly timeoutMs: number; readonly cacheTtlMs: number }
  /** The provider network mirror's policy and origin limits (`CAIRN_MIRROR_*`). */
  readonly providerMirror: Required<CairnProviderMirrorOptions>
  /** Serves `/metrics` to scrapers sending it as a bearer token; no `/metrics` when unset. */
  readonly metricsToken: string | undefined
  /** What the in-memory caches may hold together, in bytes (`CAIRN_CACHE_MAX_MIB`). */
  readonly cacheMaxBytes: number
  /** The least severe log lines written. */
  readonly logLevel: LogLevel
  readonly vcs: VcsConfig
  readonly clients: ClientsConfig
}

/** Reads and checks the configuration, naming every bad variable at once. */
export function loadConfig(env: Env): Config {
  const read = new EnvironmentReader(env)
  const dataDir = read.path('CAIRN_DATA_DIR') ?? read.resolve('data')
  const databaseUrl = read.text('DATABASE_URL')
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    read.problem('DATABASE_URL must be a postgres:// or postgresql:// URL')
  }
  const databaseSchema = read.text('CAIRN_DATABASE_SCHEMA') ?? 'public'
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(databaseSchema)) {
    read.problem(
      'CAIRN_DATABASE_SCHEMA must be lower-case letters, digits and underscores, not starting with a digit, at most 50 characters',
    )
  }
  const edition = (read.text('CAIRN_EDITION') ?? 'self-hosted') as Edition
  if (!EDITIONS.includes(edition)) read.problem(`CAIRN_EDITION must be one of ${EDITIONS.join(', ')}`)
  const signingKey = read.text('CAIRN_SIGNING_KEY')
  if (signingKey !== undefined && signingKey.length < 32) read.problem('CAIRN_SIGNING_KEY must be at least 32 characters')
  const metricsToken = read.text('CAIRN_METRICS_TOKEN')
  if (metricsToken !== undefined && !isAcceptableMetricsToken(metricsToken)) {
    read.problem('CAIRN_METRICS_TOKEN must be at least 16 printable characters without spaces')
  }
  const config: Config = {
    port: read.integer('PORT', 8080, 0, 65535),
    tls: readTls(read),
    dataDir,
    databaseUrl,
    databaseSchema,
    baseUrl: read.url('CAIRN_BASE_URL'),
    uploadUrl: read.url('CAIRN_UPLOAD_URL'),
    edition,
    immutableVersions: read.boolean('CAIRN_IMMUTABLE_VERSIONS'),
    moduleDownloads: read.choice('CAIRN_MODULE_DOWNLOADS', ['archive', 'oci'] as const, 'archive'),
    webUi: read.text('CAIRN_WEB_UI') === undefined || read.boolean('CAIRN_WEB_UI'),
    signingKey,
    vcsEncryptionKey: read.text('CAIRN_VCS_ENCRYPTION_KEY'),
    blobs: readBlobs(read, dataDir),
    archiveLimits: {
      maxArchiveBytes: read.integer('CAIRN_ARCHIVE_MAX_BYTES', 256 * MiB, 1),
      maxTotalBytes: read.integer('CAIRN_ARCHIVE_MAX_UNPACKED_BYTES', 1024 * MiB, 1),
      maxEntries: read.integer('CAIRN_ARCHIVE_MAX_ENTRIES', 10_000, 1),
      maxEntryBytes: read.integer('CAIRN_ARCHIVE_MAX_ENTRY_BYTES', 16 * MiB, 1),
    },
    upstreamRegistry: {
      url: read.url('CAIRN_UPSTREAM_REGISTRY_URL') ?? new URL(PUBLIC_TERRAFORM_REGISTRY),
      timeoutMs: read.integer('CAIRN_UPSTREAM_TIMEOUT_MS', 10_000, 1),
      cacheTtlMs: read.integer('CAIRN_UPSTREAM_CACHE_TTL_SECONDS', 300, 1) * 1000,
    },
    providerMirror: {
      readers:
        read.text('CAIRN_MIRROR_READERS') === undefined || read.text('CAIRN_MIRROR_READERS') === '*'
          ? '*'
          : listOf(read.text('CAIRN_MIRROR_READERS') ?? ''),
      allow: listOf(read.text('CAIRN_MIRROR_ALLOW') ?? '*/*/*'),
      deny: listOf(read.text('CAIRN_MIRROR_DENY') ?? ''),
      pullThrough: read.boolean('CAIRN_MIRROR_PULL_THROUGH'),
      timeoutMs: read.integer('CAIRN_MIRROR_TIMEOUT_MS', 10_000, 1),
      archiveTimeoutMs: read.integer('CAIRN_MIRROR_ARCHIVE_TIMEOUT_MS', 600_000, 1),
      maxArchiveBytes: read.integer('CAIRN_MIRROR_MAX_ARCHIVE_BYTES', 1024 * MiB, 1),
    },
    metricsToken,
    cacheMaxBytes: read.integer('CAIRN_CACHE_MAX_MIB', DEFAULT_CACHE_MAX_BYTES / MiB, 1, 1024 * 1024) * MiB,
    logLevel: read.choice('CAIRN_LOG_LEVEL', LOG_LEVELS, 'info'),
    vcs: {
      cacheDir: read.path('CAIRN_VCS_CACHE_DIR') ?? resolve(dataDir, 'vcs-cache'),
      pollIntervalSeconds: read.integer('CAIRN_VCS_POLL_INTERVAL_SECONDS', 300, 0),
      githubApp: readGithubApp(read),
      allowedHosts: read.allowedHosts('CAIRN_VCS_ALLOWED_HOSTS'),
    },
    clients: {
      trustedProxies: read.addresses('CAIRN_TRUSTED_PROXIES'),
      iactSubnets: read.addresses('CAIRN_IACT_SUBNET_LIST'),
      iactTimeLimitMinutes: read.integer('CAIRN_IACT_TIME_LIMIT_MINUTES', 60, 1),
    },
  }
  if (read.problems.length > 0) throw new ConfigError(`invalid configuration:\n  ${read.problems.join('\n  ')}`)
  return config
}

function readGithubApp(read: EnvironmentReader): Required<CairnGithubAppOptions> | undefined {
  const appId = read.text('CAIRN_GITHUB_APP_ID')
  const inline = read.text('CAIRN_GITHUB_APP_PRIVATE_KEY')
  const file = read.path('CAIRN_GITHUB_APP_PRIVATE_KEY_FILE')
  if (appId === undefined && inline === undefined && file === undefined) return undefined
  if (appId !== undefined && !/^\d+$/.test(appId)) read.problem('CAIRN_GITHUB_APP_ID must be the numeric App ID GitHub shows')
  if ((inline === undefined) === (file === undefined))
    read.problem('CAIRN_GITHUB_APP_ID needs exactly one of CAIRN_GITHUB_APP_PRIVATE_KEY and CAIRN_GITHUB_APP_PRIVATE_KEY_FILE')
  if (appId === undefined) read.problem('CAIRN_GITHUB_APP_PRIVATE_KEY(_FILE) needs CAIRN_GITHUB_APP_ID')
  // A key in one environment line has its line breaks written as \n.
  const privateKey = file === undefined ? inline?.replaceAll('\\n', '\n') : readKeyFile(read, file)
  return {
    appId: appId ?? '',
    privateKey: privateKey ?? '',
    // As given: the GitHub App client drops a trailing `/`.
    apiUrl: read.url('CAIRN_GITHUB_APP_API_URL')?.href ?? 'https://api.github.com',
    webUrl: read.url('CAIRN_GITHUB_APP_URL')?.href ?? 'https://github.com',
  }
}

/** The key file's text; a problem (never its content) when it cannot be read. */
function readKeyFile(read: EnvironmentReader, path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    read.problem(`CAIRN_GITHUB_APP_PRIVATE_KEY_FILE cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`)
    return undefined
  }
}

function readTls(read: EnvironmentReader): TlsConfig | undefined {
  const certFile = read.text('CAIRN_TLS_CERT')
  const keyFile = read.text('CAIRN_TLS_KEY')
  if (certFile === undefined && keyFile === undefined) return undefined
  if (certFile === undefined || keyFile === undefined) {
    read.problem('CAIRN_TLS_CERT and CAIRN_TLS_KEY go together')
    return undefined
  }
  return { certFile: read.resolve(certFile), keyFile: read.resolve(keyFile) }
}

function readBlobs(read: EnvironmentReader, dataDir: string): Config['blobs'] {
  const bucket = read.text('CAIRN_S3_BUCKET')
  if (bucket === undefined) return { kind: 'filesystem', root: read.path('CAIRN_BLOB_DIR') ?? resolve(dataDir, 'blobs') }
  const accessKeyId = read.text('CAIRN_S3_ACCESS_KEY_ID')
  const secretAccessKey = read.text('CAIRN_S3_SECRET_ACCESS_KEY')
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    read.problem('CAIRN_S3_ACCESS_KEY_ID and CAIRN_S3_SECRET_ACCESS_KEY go together')
  }
  const prefix = read.text('CAIRN_S3_PREFIX') ?? ''
  const endpoint = read.url('CAIRN_S3_ENDPOINT')?.href
  return {
    kind: 's3',
    bucket,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    ...(endpoint !== undefined && { endpoint }),
    region: read.text('CAIRN_S3_REGION') ?? 'us-east-1',
    forcePathStyle: read.text('CAIRN_S3_FORCE_PATH_STYLE') === 'true',
    ...(accessKeyId !== undefined && secretAccessKey !== undefined && { credentials: { accessKeyId, secretAccessKey } }),
  }
}

/** A comma-separated setting's entries, trimmed, without empty ones. */
function listOf(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

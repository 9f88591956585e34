import type { BlobStore, Edition } from '@cairn/core'
import type { ErrorLog } from '@cairn/core'
import type { ApiDocsPage } from '@cairn/http'
import type { Orm } from '@cairn/persistence'
import type { LogLevel } from '../platform/logger.ts'

/**
 * Where Cairn keeps its data.
 * - `memory`: in this process only, gone at `close()`; starts in milliseconds (tests of a host).
 * - `embedded`: PGlite in `dataDir`, which one process at a time may open.
 * - `postgres`: a PostgreSQL database: Cairn's tables, its change feed's sequence and its job
 *   queue's tables in one `schema` of it, `cairn` by default (created if absent; a bare lower-case
 *   name). `public` keeps the layout of earlier versions (the job queue then in `pgboss`). Cairn
 *   never creates the database, and refuses a schema that holds tables named as its own that are not.
 * - `mikro-orm`: a MikroORM instance (PostgreSQL or PGlite driver) the host opened with
 *   `ormOptions()` of `@cairn/persistence` in its configuration, and keeps: `close()` leaves it open.
 */
export type CairnStoreOptions =
  | { readonly kind: 'memory' }
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string }
  | { readonly kind: 'mikro-orm'; readonly orm: Orm }

/**
 * Where module archives are kept.
 * - `memory`: in this process only.
 * - `filesystem`: files under `root`.
 * - `s3`: an S3-compatible bucket; `forcePathStyle` for MinIO-like servers.
 * - `custom`: any implementation of the core's `BlobStore` port.
 */
export type CairnBlobOptions =
  | { readonly kind: 'memory' }
  | { readonly kind: 'filesystem'; readonly root: string }
  | {
      readonly kind: 's3'
      readonly bucket: string
      readonly prefix?: string
      readonly endpoint?: string
      readonly region?: string
      readonly forcePathStyle?: boolean
      readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string }
    }
  | { readonly kind: 'custom'; readonly store: BlobStore }

/** Limits on uploaded module archives, in bytes and entries. */
export interface CairnArchiveLimits {
  /** The largest compressed archive accepted. Default 256 MiB. */
  readonly maxArchiveBytes?: number
  /** The most an archive may unpack to. Default 1 GiB. */
  readonly maxTotalBytes?: number
  /** The most files and directories an archive may hold. Default 10 000. */
  readonly maxEntries?: number
  /** The largest single file in an archive. Default 16 MiB. */
  readonly maxEntryBytes?: number
}

/** The public registry that curated public modules are proxied to (hosted edition only). */
export interface CairnUpstreamRegistryOptions {
  /** Default `https://registry.terraform.io/`. */
  readonly url?: string | URL
  /** Default 10 000. */
  readonly timeoutMs?: number
  /** How long its answers are cached. Default 300 000. */
  readonly cacheTtlMs?: number
}

/** The provider network mirror (docs/provider-mirror.md): who reads it, what it serves, and pulling through. */
export interface CairnProviderMirrorOptions {
  /** The organizations whose members (and team and organization tokens) may read it; `'*'`, every authenticated caller. Default `'*'`. */
  readonly readers?: '*' | readonly string[]
  /** `hostname/namespace/type` patterns it serves, `*` standing for any part of a segment (`registry.terraform.io/hashicorp/*`). Default: every provider. */
  readonly allow?: readonly string[]
  /** Patterns it never serves, whatever `allow` says. Default none. */
  readonly deny?: readonly string[]
  /** Fetch a provider it does not hold from the provider's origin registry. Default false. */
  readonly pullThrough?: boolean
  /** How long one request to an origin may take. Default 10 000. */
  readonly timeoutMs?: number
  /** How long fetching one zip from an origin may take. Default 600 000. */
  readonly archiveTimeoutMs?: number
  /** The largest zip imported or pulled through. Default 1 GiB. */
  readonly maxArchiveBytes?: number
}

/** Publishing modules from git repositories (VCS connections). */
export interface CairnVcsOptions {
  /**
   * Where bare mirrors of the repositories are fetched into, one directory per process. Default:
   * `<dataDir>/vcs-cache` for an embedded store, else a directory of this process under the system's temporary directory.
   */
  readonly cacheDir?: string
  /** Every VCS module is synced about this often (jittered), in case a webhook was missed; 0 turns the poll off. Default 300. */
  readonly pollIntervalSeconds?: number
  /** Seals the connections' credentials: 32 bytes in base64. Default: derived from the signing key. */
  readonly encryptionKey?: string
  /** The site's GitHub App, for `vcs-repo.github-app-installation-id`; without it such publishing is refused (422). */
  readonly githubApp?: CairnGithubAppOptions
  /**
   * Git hosts that may be reached although they resolve to an internal address (loopback,
   * private, link-local, unique-local…), which are refused otherwise: host names (`git.corp`),
   * `host:port` pairs (`git.corp:8443`, `10.0.0.5:3000`), addresses and CIDR ranges (`10.0.0.0/8`).
   * Default: none.
   */
  readonly allowedHosts?: readonly string[]
}

/** A GitHub App the operator registered, that Cairn acts as to read repositories where it is installed. */
export interface CairnGithubAppOptions {
  /** The app's id, as GitHub shows it on the app's settings page. */
  readonly appId: string
  /** The app's private key, PEM (PKCS#1 as GitHub hands it out, or PKCS#8). Never logged. */
  readonly privateKey: string
  /** Default `https://api.github.com`; GitHub Enterprise Server: `https://<host>/api/v3`. */
  readonly apiUrl?: string
  /** Where repositories are (git over HTTP and web pages). Default `https://github.com`. */
  readonly webUrl?: string
}

/** Everything an embedding service decides about its Cairn, in code. */
export interface CairnOptions {
  /** Where the data lives. */
  readonly store: CairnStoreOptions
  /**
   * Where archives live. Defaults: `memory` for a memory store, `<dataDir>/blobs` for an embedded
   * one; required with PostgreSQL or a MikroORM instance.
   */
  readonly blobs?: CairnBlobOptions
  /** `self-hosted` (the default: with the admin API) or `hosted` (public curation and proxy). */
  readonly edition?: Edition
  /**
   * The path the host mounts Cairn at (`/registry`), with no trailing slash. Requests reach the
   * fetch handler with it, and every link, upload URL and `X-Terraform-Get` address carries it.
   * Default: none, Cairn is at the root.
   */
  readonly basePath?: string
  /**
   * Where clients reach the host, for absolute links (`https://example.com`); `basePath` is added
   * to it. Default: the origin of each request, from its Host header.
   */
  readonly baseUrl?: string | URL
  /** Where archive uploads are sent (`{upload_url}`), when another host takes them. */
  readonly uploadUrl?: string | URL
  /**
   * Signs upload and download links; at least 32 characters. Default: generated into the data
   * directory of an embedded store, random per instance for a memory store; required with
   * PostgreSQL (or a MikroORM instance), where every instance must share it.
   */
  readonly signingKey?: string
  /** Refuse a new archive for a version already published, instead of replacing it. Default false. */
  readonly immutableVersions?: boolean
  /**
   * What the registry protocol answers a module download with: `archive`, the signed archive link
   * (the default, which every CLI follows), or `oci`, the version's OCI artifact pinned by digest
   * (`oci://<host>/<org>/modules/<name>/<provider>?digest=…`), which only OpenTofu 1.10 and later install.
   */
  readonly moduleDownloads?: 'archive' | 'oci'
  /** Limits on uploaded archives. */
  readonly limits?: CairnArchiveLimits
  /** The hosted edition's upstream public registry. */
  readonly upstreamRegistry?: CairnUpstreamRegistryOptions
  /** The provider network mirror. */
  readonly providerMirror?: CairnProviderMirrorOptions
  /**
   * The least severe lines Cairn writes to standard output, as JSON (one per answered request at
   * `info`). Default `warn`: the host logs its own requests.
   */
  readonly logLevel?: LogLevel
  /** Where unexpected failures are reported (never with secrets). Default: Cairn's JSON log lines at `error`. */
  readonly log?: ErrorLog
  /** Serves `/metrics` (Prometheus) to scrapers sending it as a bearer token; at least 16 characters. Default: no `/metrics`. */
  readonly metricsToken?: string
  /** How long an initial admin creation token works after it was issued (TFE's `iact-time-limit`). Default 60. */
  readonly iactTimeLimitMinutes?: number
  /**
   * What this instance's in-memory caches (tokens, organization rights, the registry protocols'
   * answers, rendered reads, the public registry's answers) may hold together, in bytes; split
   * among them as docs/caches.md says. A miss costs one indexed statement. Default 64 MiB.
   */
  readonly cacheMaxBytes?: number
  /** Publishing from git: the mirrors' directory, the poll, the credentials' key. */
  readonly vcs?: CairnVcsOptions
  /**
   * Serves the web UI (module list and pages, sign-in) at `/app/`, and sends browsers asking for
   * `/` there. Default `false`: a host serves its own pages. Not available under a `basePath`.
   */
  readonly webUi?: boolean
  /**
   * The API reference page at `/api/docs`: `apiDocs()` of `@cairn/api-docs`, a separate package
   * (Scalar's bundle, about 280 MiB installed). Default: none, `/api/docs` is 404;
   * `/api/openapi.json` is served either way.
   */
  readonly apiDocs?: ApiDocsPage
}

import {
  createUseCases,
  ORIGIN_OFFER_TTL_MS,
  type GithubApp,
  type OriginOffer,
  type CairnPorts,
  type CredentialEntry,
  type GrantLookup,
  type MirrorHolding,
  type ModulePackage,
  type ServedProviderLookup,
  type ProtocolAnswer,
  type HealthCheck,
  type JobQueue,
  type StoreChanges,
  type ModuleAnalyzer,
  type BlobStore,
  type UnitOfWork,
  type UseCases,
  type VcsClient,
} from '@cairn/core'
import type { ErrorLog } from '@cairn/core'
import type { HttpDeps } from '@cairn/http'
import type { createWebApp } from '@cairn/web'
import { TarModuleZipper } from '@cairn/module-analyzer'
import { OpenPgpJsSignatures } from '@cairn/openpgp'
import { HttpUpstreamRegistry } from '@cairn/upstream-registry'
import type { ResolvedOptions } from './embed/resolved-options.ts'
import { AesGcmSecretCipher } from './platform/aes-gcm-secret-cipher.ts'
import { HmacUrlSigner } from './platform/hmac-url-signer.ts'
import { logServedRequest, type Logger } from './platform/logger.ts'
import { answerCache } from './platform/answer-cache.ts'
import { cacheBudget, DEFAULT_CACHE_MAX_BYTES } from './platform/cache-budget.ts'
import { LruExpiringCache } from './platform/lru-expiring-cache.ts'
import { matchesMetricsToken } from './platform/metrics-token.ts'
import { protocolEntryBytes } from './platform/protocol-entry-bytes.ts'
import { RandomIds } from './platform/random-ids.ts'
import { providerMirrorPorts } from './platform/provider-mirror-ports.ts'
import { BoundedPasswordHasher } from './platform/bounded-password-hasher.ts'
import { MemorySignInAttempts } from './platform/memory-sign-in-attempts.ts'
import { ScryptPasswordHasher } from './platform/scrypt-password-hasher.ts'
import { Sha256TokenHasher } from './platform/sha256-token-hasher.ts'
import { ServerMetrics, type CacheName } from './platform/server-metrics.ts'
import { SystemClock } from './platform/system-clock.ts'
import { vcsEncryptionKey } from './platform/vcs-encryption-key.ts'
import { serverVersion } from './platform/server-version.ts'

/** What the composition is built over: the opened store, the blob store and the analyzer's threads. */
export interface Infrastructure {
  readonly unitOfWork: UnitOfWork
  readonly health: HealthCheck
  /** How the processes sharing the store hear each other's writes. */
  readonly storeChanges: StoreChanges
  readonly blobs: BlobStore
  readonly analyzer: ModuleAnalyzer
  readonly jobs: JobQueue
  readonly vcs: VcsClient
  /** The site's GitHub App; null when none is configured. */
  readonly githubApp: GithubApp | null
  readonly logger: Logger
  /** Where unexpected errors go: the host's log, or error lines of `logger`. */
  readonly log: ErrorLog
  /** The web UI's factory, loaded only when `webUi` is on (its Markdown renderer and HTML sanitizer are heavy). */
  readonly createWebApp?: typeof createWebApp
}

/** What the composition root hands whoever serves: the use cases, the HTTP adapter's dependencies and the log. */
export interface Composition {
  readonly useCases: UseCases
  readonly httpDeps: HttpDeps
  readonly logger: Logger
}

/**
 * The composition root: builds each port of the core from its adapter, and every use case from
 * them. Plain calls rather than a container: each adapter is built once, here, in the order its
 * dependants need it, and the compiler checks every edge.
 */
export function compose(options: ResolvedOptions, infrastructure: Infrastructure): Composition {
  // One total for every cache (`cacheMaxBytes`, `CAIRN_CACHE_MAX_MIB`), split among them.
  const cacheBytes = cacheBudget(options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES)
  const metrics = new ServerMetrics()
  const useCases = createUseCases(portsOf(options, infrastructure, cacheBytes, metrics))
  return { useCases, httpDeps: httpDepsOf(options, infrastructure, useCases, cacheBytes.answers, metrics), logger: infrastructure.logger }
}

/** The core's ports, each over its adapter, with every cache watched by `metrics`. */
function portsOf(
  options: ResolvedOptions,
  infrastructure: Infrastructure,
  cacheBytes: Readonly<Record<CacheName, number>>,
  metrics: ServerMetrics,
): CairnPorts {
  const upstream = new HttpUpstreamRegistry({ ...options.upstreamRegistry, cacheMaxBytes: cacheBytes.upstream })
  metrics.watchCache('upstream', () => upstream.cacheTally)
  return {
    unitOfWork: infrastructure.unitOfWork,
    blobs: infrastructure.blobs,
    clock: new SystemClock(),
    ids: new RandomIds(),
    hasher: new Sha256TokenHasher(),
    credentialCache: metrics.watched('credentials', new LruExpiringCache<CredentialEntry>({ maxBytes: cacheBytes.credentials })),
    protocolCache: metrics.watched(
      'protocol',
      new LruExpiringCache<ProtocolAnswer>({ maxBytes: cacheBytes.protocol, sizeOf: protocolEntryBytes }),
    ),
    accessCache: metrics.watched('access', new LruExpiringCache<GrantLookup>({ maxBytes: cacheBytes.access })),
    providerCache: metrics.watched('providers', new LruExpiringCache<ServedProviderLookup>({ maxBytes: cacheBytes.providers })),
    packageCache: metrics.watched('packages', new LruExpiringCache<ModulePackage>({ maxBytes: cacheBytes.packages })),
    storeChanges: infrastructure.storeChanges,
    passwords: new BoundedPasswordHasher(new ScryptPasswordHasher()),
    signInAttempts: new MemorySignInAttempts(),
    signer: new HmacUrlSigner(options.signingKey),
    openpgp: new OpenPgpJsSignatures(),
    analyzer: infrastructure.analyzer,
    zipper: new TarModuleZipper(options.limits),
    upstream,
    cipher: new AesGcmSecretCipher(vcsEncryptionKey(options.vcs.encryptionKey, options.signingKey)),
    vcs: infrastructure.vcs,
    githubApp: infrastructure.githubApp,
    jobs: infrastructure.jobs,
    edition: options.edition,
    maxArchiveBytes: options.limits.maxArchiveBytes,
    immutableVersions: options.immutableVersions,
    initialAdminTokenLifetimeMs: options.iactTimeLimitMinutes * 60_000,
    ...providerMirrorPorts(options),
    originCache: metrics.watched(
      'origins',
      new LruExpiringCache<OriginOffer>({ maxBytes: cacheBytes.origins, ttlMs: ORIGIN_OFFER_TTL_MS }),
    ),
    mirrorCache: metrics.watched('mirror', new LruExpiringCache<MirrorHolding>({ maxBytes: cacheBytes.mirror })),
  }
}

/** What the HTTP adapter is built over: the use cases, and the server's answer cache, links, metrics and request log. */
function httpDepsOf(
  options: ResolvedOptions,
  infrastructure: Infrastructure,
  useCases: UseCases,
  answerCacheBytes: number,
  metrics: ServerMetrics,
): HttpDeps {
  const logRequest = logServedRequest(infrastructure.logger)
  return {
    ...useCases,
    health: infrastructure.health,
    answerCache: metrics.watched('answers', answerCache(answerCacheBytes)),
    edition: options.edition,
    ...urlsOf(options),
    basePath: options.basePath,
    ...(options.moduleDownloads !== undefined && { moduleDownloads: options.moduleDownloads }),
    ...(options.metricsToken !== undefined && {
      metrics: { accepts: matchesMetricsToken(options.metricsToken), render: () => metrics.render() },
    }),
    log: infrastructure.log,
    onServed(request) {
      logRequest(request)
      metrics.observeRequest(request)
    },
    ...(infrastructure.createWebApp !== undefined && { webApp: infrastructure.createWebApp({ ...useCases, ...urlsOf(options) }) }),
    apiVersion: serverVersion(),
    ...(options.apiDocs !== undefined && { apiDocs: options.apiDocs }),
  }
}

/** The base and upload URLs that are configured, for adapters that build links. */
function urlsOf(options: ResolvedOptions): { baseUrl?: URL; uploadUrl?: URL } {
  return {
    ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
    ...(options.uploadUrl !== undefined && { uploadUrl: options.uploadUrl }),
  }
}

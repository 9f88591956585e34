import {
  BLOB_STORE,
  CLOCK,
  createUseCases,
  HEALTH_CHECK,
  ID_GENERATOR,
  MODULE_ANALYZER,
  PASSWORD_HASHER,
  SECRET_CIPHER,
  TOKEN_HASHER,
  UNIT_OF_WORK,
  UPSTREAM_REGISTRY,
  URL_SIGNER,
  type BlobStore,
  type GithubApp,
  type CairnPorts,
  type CredentialEntry,
  type GrantLookup,
  type ServedProviderLookup,
  type ProtocolVersion,
  type Clock,
  type HealthCheck,
  type IdGenerator,
  type JobQueue,
  type StoreChanges,
  type ModuleAnalyzer,
  type PasswordHasher,
  type SecretCipher,
  type TokenHasher,
  type UnitOfWork,
  type UpstreamRegistry,
  type UrlSigner,
  type UseCases,
  type VcsClient,
} from '@cairn/core'
import type { ErrorLog } from '@cairn/core'
import type { HttpDeps } from '@cairn/http'
import type { createWebApp } from '@cairn/web'
import { OpenPgpJsSignatures } from '@cairn/openpgp'
import { HttpUpstreamRegistry } from '@cairn/upstream-registry'
import { Container, type ServiceIdentifier } from 'inversify'
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
import { BoundedPasswordHasher } from './platform/bounded-password-hasher.ts'
import { MemorySignInAttempts } from './platform/memory-sign-in-attempts.ts'
import { ScryptPasswordHasher } from './platform/scrypt-password-hasher.ts'
import { Sha256TokenHasher } from './platform/sha256-token-hasher.ts'
import { ServerMetrics } from './platform/server-metrics.ts'
import { SystemClock } from './platform/system-clock.ts'
import { vcsEncryptionKey } from './platform/vcs-encryption-key.ts'
import { serverVersion } from './platform/server-version.ts'

/** The core's port tokens, typed for the container. */
const port = <T>(token: symbol) => token as ServiceIdentifier<T>
const id = <T>(name: string) => Symbol.for(`cairn.${name}`) as ServiceIdentifier<T>

export const TYPES = {
  Logger: id<Logger>('Logger'),
  Metrics: id<ServerMetrics>('Metrics'),
  UnitOfWork: port<UnitOfWork>(UNIT_OF_WORK),
  Health: port<HealthCheck>(HEALTH_CHECK),
  BlobStore: port<BlobStore>(BLOB_STORE),
  Clock: port<Clock>(CLOCK),
  Ids: port<IdGenerator>(ID_GENERATOR),
  Hasher: port<TokenHasher>(TOKEN_HASHER),
  Passwords: port<PasswordHasher>(PASSWORD_HASHER),
  SigningKey: id<string>('SigningKey'),
  Signer: port<UrlSigner>(URL_SIGNER),
  Cipher: port<SecretCipher>(SECRET_CIPHER),
  Analyzer: port<ModuleAnalyzer>(MODULE_ANALYZER),
  Upstream: port<UpstreamRegistry>(UPSTREAM_REGISTRY),
  Ports: id<CairnPorts>('Ports'),
  UseCases: id<UseCases>('UseCases'),
  HttpDeps: id<HttpDeps>('HttpDeps'),
} as const

/** What the container is built over: the opened store, the blob store and the analyzer's threads. */
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

/**
 * The composition root: binds each port of the core to its adapter, and builds every use case
 * from them. Core classes carry no decorators; they are built from the ports they name.
 */
export function buildContainer(options: ResolvedOptions, infrastructure: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' })
  // One total for every cache (`cacheMaxBytes`, `CAIRN_CACHE_MAX_MIB`), split among them.
  const cacheBytes = cacheBudget(options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES)
  container.bind(TYPES.Logger).toConstantValue(infrastructure.logger)
  container.bind(TYPES.Metrics).toDynamicValue(() => new ServerMetrics())
  container.bind(TYPES.UnitOfWork).toConstantValue(infrastructure.unitOfWork)
  container.bind(TYPES.Health).toConstantValue(infrastructure.health)
  container.bind(TYPES.BlobStore).toConstantValue(infrastructure.blobs)
  container.bind(TYPES.Clock).toConstantValue(new SystemClock())
  container.bind(TYPES.Ids).toConstantValue(new RandomIds())
  container.bind(TYPES.Hasher).toConstantValue(new Sha256TokenHasher())
  container.bind(TYPES.Passwords).toConstantValue(new BoundedPasswordHasher(new ScryptPasswordHasher()))
  container.bind(TYPES.SigningKey).toConstantValue(options.signingKey)
  container.bind(TYPES.Signer).toResolvedValue((key: string) => new HmacUrlSigner(key), [TYPES.SigningKey])
  container
    .bind(TYPES.Cipher)
    .toResolvedValue((key: string) => new AesGcmSecretCipher(vcsEncryptionKey(options.vcs.encryptionKey, key)), [TYPES.SigningKey])
  container.bind(TYPES.Analyzer).toConstantValue(infrastructure.analyzer)
  container.bind(TYPES.Upstream).toDynamicValue((context) => {
    const upstream = new HttpUpstreamRegistry({ ...options.upstreamRegistry, cacheMaxBytes: cacheBytes.upstream })
    context.get(TYPES.Metrics).watchCache('upstream', () => upstream.cacheTally)
    return upstream
  })
  container.bind(TYPES.Ports).toDynamicValue((context): CairnPorts => {
    const metrics = context.get(TYPES.Metrics)
    return {
      unitOfWork: context.get(TYPES.UnitOfWork),
      blobs: context.get(TYPES.BlobStore),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      hasher: context.get(TYPES.Hasher),
      credentialCache: metrics.watched('credentials', new LruExpiringCache<CredentialEntry>({ maxBytes: cacheBytes.credentials })),
      protocolCache: metrics.watched(
        'protocol',
        new LruExpiringCache<readonly ProtocolVersion[]>({ maxBytes: cacheBytes.protocol, sizeOf: protocolEntryBytes }),
      ),
      accessCache: metrics.watched('access', new LruExpiringCache<GrantLookup>({ maxBytes: cacheBytes.access })),
      providerCache: metrics.watched('providers', new LruExpiringCache<ServedProviderLookup>({ maxBytes: cacheBytes.providers })),
      storeChanges: infrastructure.storeChanges,
      passwords: context.get(TYPES.Passwords),
      signInAttempts: new MemorySignInAttempts(),
      signer: context.get(TYPES.Signer),
      openpgp: new OpenPgpJsSignatures(),
      analyzer: context.get(TYPES.Analyzer),
      upstream: context.get(TYPES.Upstream),
      cipher: context.get(TYPES.Cipher),
      vcs: infrastructure.vcs,
      githubApp: infrastructure.githubApp,
      jobs: infrastructure.jobs,
      edition: options.edition,
      maxArchiveBytes: options.limits.maxArchiveBytes,
      immutableVersions: options.immutableVersions,
      initialAdminTokenLifetimeMs: options.iactTimeLimitMinutes * 60_000,
    }
  })
  container.bind(TYPES.UseCases).toResolvedValue(createUseCases, [TYPES.Ports])
  container.bind(TYPES.HttpDeps).toResolvedValue(
    (useCases: UseCases, health: HealthCheck, logger: Logger, metrics: ServerMetrics): HttpDeps => {
      const logRequest = logServedRequest(logger)
      return {
        ...useCases,
        health,
        answerCache: metrics.watched('answers', answerCache(cacheBytes.answers)),
        edition: options.edition,
        ...urlsOf(options),
        basePath: options.basePath,
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
    },
    [TYPES.UseCases, TYPES.Health, TYPES.Logger, TYPES.Metrics],
  )
  return container
}

/** The base and upload URLs that are configured, for adapters that build links. */
function urlsOf(options: ResolvedOptions): { baseUrl?: URL; uploadUrl?: URL } {
  return {
    ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
    ...(options.uploadUrl !== undefined && { uploadUrl: options.uploadUrl }),
  }
}

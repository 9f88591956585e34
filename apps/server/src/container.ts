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
import { createWebApp } from '@cairn/web'
import { OpenPgpJsSignatures } from '@cairn/openpgp'
import { HttpUpstreamRegistry } from '@cairn/upstream-registry'
import { Container, type ServiceIdentifier } from 'inversify'
import type { ResolvedOptions } from './embed/resolved-options.ts'
import { AesGcmSecretCipher } from './platform/aes-gcm-secret-cipher.ts'
import { HmacUrlSigner } from './platform/hmac-url-signer.ts'
import { logServedRequest, type Logger } from './platform/logger.ts'
import { answerCache } from './platform/answer-cache.ts'
import { LruExpiringCache } from './platform/lru-expiring-cache.ts'
import { matchesMetricsToken } from './platform/metrics-token.ts'
import { RandomIds } from './platform/random-ids.ts'
import { BoundedPasswordHasher } from './platform/bounded-password-hasher.ts'
import { MemorySignInAttempts } from './platform/memory-sign-in-attempts.ts'
import { ScryptPasswordHasher } from './platform/scrypt-password-hasher.ts'
import { Sha256TokenHasher } from './platform/sha256-token-hasher.ts'
import { ServerMetrics } from './platform/server-metrics.ts'
import { SystemClock } from './platform/system-clock.ts'
import { vcsEncryptionKey } from './platform/vcs-encryption-key.ts'
import { apiReferenceAssets } from './platform/api-reference-assets.ts'

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

/** Answers of the public registry kept in memory: enough for every curated module's questions. */
const UPSTREAM_CACHE_ENTRIES = 1000

const MiB = 1024 * 1024

/**
 * The heap each store cache may take (estimated, see `LruExpiringCache`). An entry of the protocol
 * cache, a module provider's versions, weighs about 1.9 KB a version with a typical module's
 * requirements: 256 MiB hold 10,000 providers of 10 versions (183 MiB measured) with room, so that
 * a registry that large is served from memory once warm. A token's entry weighs about 0.7 KB, a
 * principal's grant in an organization less: 16 MiB hold over 20,000 of either.
 */
const CACHE_BYTES = { protocol: 256 * MiB, providers: 32 * MiB, credentials: 16 * MiB, access: 16 * MiB } as const

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
}

/**
 * The composition root: binds each port of the core to its adapter, and builds every use case
 * from them. Core classes carry no decorators; they are built from the ports they name.
 */
export function buildContainer(options: ResolvedOptions, infrastructure: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' })
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
    // Resolved once, as for the other caches: a lookup's count is on the path of every request it serves.
    const metrics = context.get(TYPES.Metrics)
    return new HttpUpstreamRegistry({
      ...options.upstreamRegistry,
      cacheMaxEntries: UPSTREAM_CACHE_ENTRIES,
      onCacheLookup: (hit) => metrics.observeCacheLookup('upstream', hit),
    })
  })
  container.bind(TYPES.Ports).toDynamicValue((context): CairnPorts => {
    // Resolved once: a lookup's count is on the hot path of every request.
    const metrics = context.get(TYPES.Metrics)
    const lookups = (cache: Parameters<ServerMetrics['observeCacheLookup']>[0]) => (hit: boolean) => metrics.observeCacheLookup(cache, hit)
    return {
      unitOfWork: context.get(TYPES.UnitOfWork),
      blobs: context.get(TYPES.BlobStore),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      hasher: context.get(TYPES.Hasher),
      credentialCache: new LruExpiringCache<CredentialEntry>({ maxBytes: CACHE_BYTES.credentials, onLookup: lookups('credentials') }),
      protocolCache: new LruExpiringCache<readonly ProtocolVersion[]>({ maxBytes: CACHE_BYTES.protocol, onLookup: lookups('protocol') }),
      accessCache: new LruExpiringCache<GrantLookup>({ maxBytes: CACHE_BYTES.access, onLookup: lookups('access') }),
      providerCache: new LruExpiringCache<ServedProviderLookup>({ maxBytes: CACHE_BYTES.providers, onLookup: lookups('providers') }),
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
        answerCache: answerCache((hit) => metrics.observeCacheLookup('answers', hit)),
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
        ...(options.webUi && { webApp: createWebApp({ ...useCases, ...urlsOf(options) }) }),
        apiReference: apiReferenceAssets(),
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
